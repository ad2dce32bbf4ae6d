// The one check interface of every tool that talks to a provider: a check looks at one exchange
// (the request as sent and the provider's answer) and returns the findings it makes of it, none
// when the answer is fine. Verify and fuzz run the same checks on every answer, so the same answer
// gets the same verdict from both.
import type { Severity } from "../../check/finding.js";
import type { ExchangeAnswer, Redirect } from "../http-client.js";
import type { ProviderFinding } from "../finding.js";
import type { ParsedAnswer } from "../parsed-answer.js";
import { requestLine, type PlannedRequest } from "../request.js";
import type { Compat } from "../provider-settings.js";

/** What the run knows that a check may need. */
export interface CheckSettings {
  /** The provider's base URL: a redirect elsewhere leaves its origin. */
  baseUrl: string;
  /** `legacy` accepts the spec-era service's own 500s, exactly as recorded, as warnings (docs/rules.md). */
  compat: Compat;
  /** The app under test: a list for another app_id asks for an unknown app. */
  appId?: string;
  /** Human evaluation ids the provider listed: a by-id request for another id asks for an unknown one. */
  knownIds?: ReadonlySet<string>;
  /** An answer slower than this is a `response-time` finding (off unless given). */
  maxResponseTimeMs?: number;
  maxResponseBytes: number;
}

export interface CheckContext {
  /** The request as sent (placeholders bound). */
  request: PlannedRequest;
  answer: ExchangeAnswer;
  /** The redirects the client followed (or refused) on the way to `answer`. */
  redirects?: readonly Redirect[];
  /** The answer with its body parsed as JSON, once, on first use (`parsed` false when it is not JSON). */
  parsed(): ParsedAnswer;
  settings: CheckSettings;
}

export interface Check<Name extends string = string> {
  name: Name;
  run(context: CheckContext): ProviderFinding[];
}

/** A finding of `check` about the context's exchange: operation and request filled in. */
export function found(
  check: string,
  context: Pick<CheckContext, "request">,
  severity: Severity,
  rule: string,
  cause: string,
  message: string,
  path = "$",
): ProviderFinding {
  return { check, severity, operation: context.request.operationId, path, rule, message, request: requestLine(context.request), cause };
}

/** The media type of a Content-Type header, lower-case, without parameters. */
export const mediaType = (answer: ExchangeAnswer): string => (answer.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

/** The body's first line, at most `max` characters: what a report shows of a body. */
export function firstLine(text: string, max = 120): string {
  const line = text.trimStart().split(/\r?\n/, 1)[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/** A decoded query value or path segment; the raw text when it is not valid percent-encoding. */
export function decodeRaw(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

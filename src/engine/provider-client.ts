// GET requests of the well-behaved kind (verify's sweep, Pact's provider states), on the one HTTP
// client: one request per distinct URL (checks share answers), at most `concurrency` in flight,
// same-origin redirects followed and recorded, every exchange kept for the checks and for coverage.
// A transport fault is an answer of its own (the transport check reports it); only the caller
// decides when a fault means the provider cannot be reached at all (assertReachable).
import { ToolkitError } from "../errors.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./provider-settings.js";
import { redactUrlSecrets } from "../io/redact.js";
import { createExecutor, type Executor } from "./executor.js";
import type { RequestingTool } from "../contract/tool-user-agent.js";
import { createHttpClient, type ExchangeFault, type ExchangeOutcome } from "./http-client.js";
import { parseAnswer, SHARED_FROM, type ParseCache, type ParsedAnswer } from "./parsed-answer.js";
import { operationOfPath, targetOf, type PlannedRequest } from "./request.js";

export interface ProviderResponse extends ParsedAnswer {
  /** The request as planned and sent. */
  sent: PlannedRequest;
  /** What the client got: the answer, or the fault that stood in for one (status 0, `transport` set). */
  outcome: ExchangeOutcome;
  /** The exchange ended without an answer. */
  transport?: ExchangeFault;
}

export interface ProviderClient {
  /** The base URL, credentials redacted (what lines and reports show). */
  readonly baseUrl: string;
  /**
   * `path` starts with `/` and may end with one; `query` values are URL-encoded here. `likelyText`: a
   * text the body is likely to equal (the `/path/` form of a list already read), compared as it comes
   * and not copied when equal (src/engine/body-text.ts). Only the first request of a URL sends it.
   */
  get(path: string, query?: Readonly<Record<string, string>>, likelyText?: string): Promise<ProviderResponse>;
  /** How many HTTP requests went out so far (each redirect hop counts). */
  readonly requestCount: number;
  /** The byte cap of one body. */
  readonly maxResponseBytes: number;
  /** Every exchange so far, in the order it ended. */
  readonly answered: readonly ProviderResponse[];
  /**
   * Hands the exchanges not yet observed to the executor's observations (coverage), in the order they
   * ended. Called when the run wants its observations: observing an answer at once would parse its
   * body before any check reads it (a 26 MB list while the next one is still being read).
   */
  observeAnswered(): void;
  /** Closes the kept-alive connections. */
  close(): void;
}

export interface ProviderClientOptions {
  baseUrl: string;
  timeoutMs: number;
  concurrency: number;
  /** Most bytes of one response body, counted after decompression (default 64 MiB). */
  maxResponseBytes?: number;
  /** Headers sent with every request (credentials: never shown). */
  headers?: ReadonlyArray<readonly [string, string]>;
  /** The run's executor (its concurrency, deadline and observations); default: one of its own. */
  executor?: Executor;
  /** The tool sending (its User-Agent); default `verify`. */
  tool?: RequestingTool;
}

const encode = (query: Readonly<Record<string, string>>): Array<[string, string]> =>
  Object.entries(query).map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)]);

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const executor = options.executor ?? createExecutor({ concurrency: options.concurrency, source: "verify" });
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: maxBytes,
    maxSockets: options.concurrency,
    followRedirects: true,
    tool: options.tool ?? "verify",
  });
  const cache = new Map<string, Promise<ProviderResponse>>();
  const parsedBodies: ParseCache = new Map();
  const answered: ProviderResponse[] = [];
  let observed = 0;

  // One copy of a long body however many requests got it: the `/path/` form of a 26 MB list is the
  // same text, and its own copy is dropped as soon as it is read.
  const texts = new Map<string, string>();
  const shareText = (outcome: ExchangeOutcome): ExchangeOutcome => {
    if (!("answer" in outcome) || outcome.answer.text.length < SHARED_FROM) return outcome;
    const kept = texts.get(outcome.answer.text);
    if (kept === undefined) texts.set(outcome.answer.text, outcome.answer.text);
    return kept === undefined ? outcome : { ...outcome, answer: { ...outcome.answer, text: kept } };
  };

  const send = async (sent: PlannedRequest, line: string, likelyText: string | undefined): Promise<ProviderResponse> => {
    const request = { method: "GET", target: targetOf(sent), headers: sent.headers };
    const outcome = shareText(await http.send(likelyText === undefined ? request : { ...request, likelyText }));
    const response: ProviderResponse =
      "answer" in outcome
        ? Object.assign(parseAnswer(line, outcome.answer, maxBytes, outcome.redirects, parsedBodies), { sent, outcome })
        : {
            request: line,
            status: 0,
            headers: {},
            text: "",
            json: undefined,
            elements: undefined,
            parsed: false,
            durationMs: outcome.fault.durationMs,
            sent,
            outcome,
            transport: outcome.fault,
            ...(outcome.redirects === undefined ? {} : { redirects: outcome.redirects }),
          };
    answered.push(response);
    return response;
  };

  return {
    baseUrl: redactUrlSecrets(options.baseUrl),
    maxResponseBytes: maxBytes,
    get requestCount() {
      return http.sent;
    },
    get answered() {
      return answered;
    },
    observeAnswered() {
      for (; observed < answered.length; observed++) {
        const response = answered[observed]!;
        // A list as its records (a long one parsed record by record, never whole).
        executor.observe(response.sent, response.outcome, response.elements ?? response.json);
      }
    },
    close: () => http.close(),
    get(path, query = {}, likelyText) {
      const pairs = encode(query);
      const target = targetOf({ path, query: pairs });
      let pending = cache.get(target);
      if (pending === undefined) {
        const sent: PlannedRequest = {
          operationId: operationOfPath(path),
          method: "GET",
          path,
          query: pairs,
          headers: [["accept", "application/json"], ...(options.headers ?? []).map(([n, v]): [string, string] => [n, v])],
          label: "well-behaved",
        };
        pending = executor.run(() => send(sent, `GET ${target}`, likelyText));
        cache.set(target, pending);
      }
      return pending;
    },
  };
}

/** A fault that says the provider is not there at all (rather than that it answered badly or slowly). */
export const isUnreachable = (fault: ExchangeFault): boolean =>
  fault.kind === "refused" ||
  fault.kind === "unreachable" ||
  fault.kind === "other" ||
  ((fault.kind === "timeout" || fault.kind === "reset") && fault.answered !== true);

/**
 * E_PROVIDER_UNREACHABLE when `response` ended in a fault that means nobody answered: for the run's
 * first request only (later, a timeout is a transport finding: a slow answer is never "unreachable").
 */
export function assertReachable(client: Pick<ProviderClient, "baseUrl">, response: ProviderResponse): void {
  if (response.transport === undefined || !isUnreachable(response.transport)) return;
  throw new ToolkitError(
    "E_PROVIDER_UNREACHABLE",
    redactUrlSecrets(`cannot reach the provider at ${client.baseUrl}: ${response.transport.message} (${response.request})`),
  );
}

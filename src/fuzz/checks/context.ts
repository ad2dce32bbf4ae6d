// What every fuzz check sees: the request as sent, the provider's answer, and the run's settings;
// a check returns the faults it finds in that one answer (none when the answer is fine).
import type { CheckHit, FuzzAnswer, FuzzCheckName, FuzzRequest } from "../types.js";

export interface CheckContext {
  /** The request as sent (placeholders bound). */
  request: FuzzRequest;
  answer: FuzzAnswer;
  /** The body parsed as JSON, once, on first use (`parsed` false when it is not JSON). */
  json(): { parsed: true; value: unknown } | { parsed: false };
  maxResponseTimeMs?: number;
}

export interface FuzzCheck {
  name: FuzzCheckName;
  run(context: CheckContext): CheckHit[];
}

/** The media type of a Content-Type header, lower-case, without parameters. */
export const mediaType = (answer: FuzzAnswer): string => (answer.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

export const isJsonMediaType = (type: string): boolean => type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);

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

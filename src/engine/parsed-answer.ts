// An answer with its body parsed once: what the conformance check and verify's cross-endpoint
// checks read. A body nested past MAX_JSON_DEPTH is refused unparsed (every recursive walk would
// overflow the stack); a body past the byte cap is not parsed at all.
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../io/json-depth.js";
import type { ExchangeAnswer, Redirect } from "./http-client.js";

export interface ParsedAnswer {
  /** `GET /evaluations?app_id=...`, relative to the base URL (how findings name their request). */
  request: string;
  status: number;
  /** Header names lower-case; a repeated header's values joined with `, `. */
  headers: Readonly<Record<string, string>>;
  text: string;
  /** The parsed body; `undefined` when the body is not JSON (`parsed` is false). */
  json: unknown;
  parsed: boolean;
  /** Why the body was not read whole or not parsed: past the byte cap, or nested too deep. */
  fault?: { rule: "response-too-large" | "max-depth"; message: string };
  /** The redirects met on the way (absent when none); the answer is the last hop's. */
  redirects?: Redirect[];
  durationMs: number;
}

/**
 * Bodies already parsed, by their text: the `/path/` form of a long list, or the same list under two
 * endpoints, is the same bytes, parsed once and shared (a million records parse to hundreds of MB).
 */
export type ParseCache = Map<string, unknown>;

/** Bodies shorter than this are parsed each time (cheap); longer ones are looked up in the cache. */
const SHARED_FROM = 64 * 1024;

export function parseAnswer(
  request: string,
  answer: ExchangeAnswer,
  maxResponseBytes: number,
  redirects?: Redirect[],
  cache?: ParseCache,
): ParsedAnswer {
  const parsed: ParsedAnswer = {
    request,
    status: answer.status,
    headers: answer.headers,
    text: answer.text,
    json: undefined,
    parsed: false,
    durationMs: answer.durationMs,
  };
  if (redirects !== undefined && redirects.length > 0) parsed.redirects = redirects;
  if (answer.tooLarge) {
    parsed.fault = {
      rule: "response-too-large",
      message: `the ${answer.status} body is larger than ${maxResponseBytes.toLocaleString("en-US")} bytes (--max-response-bytes, counted after decompression): not read further`,
    };
    return parsed;
  }
  const shared = cache !== undefined && answer.text.length >= SHARED_FROM ? cache.get(answer.text) : undefined;
  if (shared !== undefined) return { ...parsed, json: shared, parsed: true };
  try {
    parsed.json = JSON.parse(answer.text) as unknown;
    parsed.parsed = true;
  } catch {
    // Not JSON: the conformance check reports it (rule body-json); other checks skip the body.
    return parsed;
  }
  if (exceedsJsonDepth(parsed.json)) {
    [parsed.json, parsed.parsed] = [undefined, false];
    parsed.fault = { rule: "max-depth", message: `the body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep` };
  } else if (cache !== undefined && answer.text.length >= SHARED_FROM) cache.set(answer.text, parsed.json);
  return parsed;
}

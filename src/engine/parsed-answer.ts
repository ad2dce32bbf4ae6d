// An answer with its body parsed once, when a check first reads it: what the conformance check and
// verify's cross-endpoint checks read. A body nested past MAX_JSON_DEPTH is refused unparsed (every
// recursive walk would overflow the stack); a body past the byte cap is not parsed at all. A body
// nobody reads (a check that needs only the status, a 20,000-record list while another one is still
// being read) costs no parsed copy. A long array is checked element by element and then walked the
// same way (`elements`): its whole parse (42 MB for a 26 MB list) exists only if a check reads `json`.
import { arrayElementBounds, elementRuns, jsonElements } from "../io/json-array-elements.js";
import type { JsonList } from "../types/json.js";
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
  /**
   * The body's elements when it is a JSON array, else undefined. What a walk of a list reads: a long
   * list's elements are parsed one at a time from the text, so no parse of the whole list is kept.
   */
  elements: JsonList | undefined;
  parsed: boolean;
  /** Why the body was not read whole or not parsed: past the byte cap, or nested too deep. */
  fault?: { rule: "response-too-large" | "max-depth"; message: string };
  /** The redirects met on the way (absent when none); the answer is the last hop's. */
  redirects?: Redirect[];
  durationMs: number;
}

/** What a body's text parses to: the same for every answer with that text. */
export interface BodyParse {
  readonly json: unknown;
  readonly elements: JsonList | undefined;
  readonly parsed: boolean;
  readonly fault?: { rule: "max-depth"; message: string };
}

/**
 * Bodies already parsed, by their text: the `/path/` form of a long list, or the same list under two
 * endpoints, is the same bytes, parsed once and shared (a million records parse to hundreds of MB).
 */
export type ParseCache = Map<string, BodyParse>;

/** Bodies shorter than this are parsed each time (cheap); longer ones are looked up in the cache. */
export const SHARED_FROM = 64 * 1024;

const NOT_JSON: BodyParse = { json: undefined, elements: undefined, parsed: false };

function parseWhole(text: string): BodyParse {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the conformance check reports it (rule body-json); other checks skip the body.
    return NOT_JSON;
  }
  if (exceedsJsonDepth(json))
    return {
      json: undefined,
      elements: undefined,
      parsed: false,
      fault: { rule: "max-depth", message: `the body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep` },
    };
  return { json, elements: Array.isArray(json) ? json : undefined, parsed: true };
}

/**
 * A long array checked element by element (parsed in runs, each element's depth counted under the
 * array's, then dropped): the elements are walked from the text, the whole parsed only when `json` is read. Anything
 * else (not an array, an element that does not parse or nests too deep) is parsed whole, so that
 * every fault reads as it does for a short body.
 */
function parseElementwise(text: string): BodyParse {
  const bounds = arrayElementBounds(text);
  if (bounds === undefined) return parseWhole(text);
  try {
    for (const run of elementRuns(text, bounds))
      for (const element of run) if (exceedsJsonDepth(element, MAX_JSON_DEPTH - 1)) return parseWhole(text);
  } catch {
    return parseWhole(text);
  }
  let whole: unknown;
  return {
    get json() {
      return (whole ??= JSON.parse(text) as unknown);
    },
    elements: jsonElements(text, bounds),
    parsed: true,
  };
}

const parseBody = (text: string): BodyParse => (text.length < SHARED_FROM ? parseWhole(text) : parseElementwise(text));

/** The parse of `text`, from `cache` when it is long and was parsed before. */
function parseShared(text: string, cache: ParseCache | undefined): BodyParse {
  if (cache === undefined || text.length < SHARED_FROM) return parseBody(text);
  let body = cache.get(text);
  if (body === undefined) cache.set(text, (body = parseBody(text)));
  return body;
}

/**
 * `target` given `json`, `parsed` and `fault` that parse the body on first read (and keep it). They
 * are enumerable, so a spread or JSON.stringify of the answer sees them (and parses).
 */
export function withLazyBody<T extends object>(
  target: T,
  text: string,
  cache?: ParseCache,
): T & Pick<ParsedAnswer, "json" | "elements" | "parsed" | "fault"> {
  let body: BodyParse | undefined;
  const read = (): BodyParse => (body ??= parseShared(text, cache));
  return Object.defineProperties(target, {
    json: { get: () => read().json, enumerable: true, configurable: true },
    elements: { get: () => read().elements, enumerable: true, configurable: true },
    parsed: { get: () => read().parsed, enumerable: true, configurable: true },
    fault: { get: () => read().fault, enumerable: true, configurable: true },
  }) as T & Pick<ParsedAnswer, "json" | "elements" | "parsed" | "fault">;
}

export function parseAnswer(
  request: string,
  answer: ExchangeAnswer,
  maxResponseBytes: number,
  redirects?: Redirect[],
  cache?: ParseCache,
): ParsedAnswer {
  const seen = {
    request,
    status: answer.status,
    headers: answer.headers,
    text: answer.text,
    durationMs: answer.durationMs,
    ...(redirects !== undefined && redirects.length > 0 ? { redirects } : {}),
  };
  if (answer.tooLarge)
    return {
      ...seen,
      json: undefined,
      elements: undefined,
      parsed: false,
      fault: {
        rule: "response-too-large",
        message: `the ${answer.status} body is larger than ${maxResponseBytes.toLocaleString("en-US")} bytes (--max-response-bytes, counted after decompression): not read further`,
      },
    };
  return withLazyBody(seen, answer.text, cache);
}

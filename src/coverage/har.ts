// A HAR file (what Playwright's recordHar, Chrome DevTools' "Save all as HAR" and most proxies write)
// as observations of the consumer side: each entry that is a GET of one of the service's paths, with
// its status, its body (text or base64) and its time. Only those entries' bodies are ever decoded: a
// HAR is mostly pages, scripts, images and videos, often base64, which no observation needs.
// Browser-safe. Files are read in a stream (observation-reader.ts), entry by entry, through the same
// observeHarEntry.
import { REDACTED } from "../io/redact.js";
import { observe, operationOfPath, type Observation } from "./observation.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether `value` looks like a HAR document (`{ log: { entries: [...] } }`). */
export const isHar = (value: unknown): boolean => isObject(value) && isObject(value.log) && Array.isArray(value.log.entries);

/** What an observation reads of one HAR entry (unknown: as found in the file, checked here). */
export interface HarEntryFields {
  /** request.method */
  method?: unknown;
  /** request.url */
  url?: unknown;
  /** response.status */
  status?: unknown;
  /** the entry's time (ms) */
  time?: unknown;
  /** response.content.text */
  text?: unknown;
  /** response.content.encoding */
  encoding?: unknown;
  /** the entry's startedDateTime (ISO 8601) */
  started?: unknown;
}

/** An entry's response text as the server sent it (base64 decoded), or undefined. */
export const harEntryText = (entry: HarEntryFields): string | undefined => textOf(entry.text, entry.encoding);

/** The URL of an entry that is a GET of one of the service's paths, else undefined. */
function serviceUrl(method: unknown, url: unknown): URL | undefined {
  if (method !== "GET" || typeof url !== "string") return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return operationOfPath(parsed.pathname) === undefined ? undefined : parsed;
}

/**
 * Whether the entry's response text may be needed, from what is known of it so far (a field not seen
 * yet may still make it needed): a GET of a service path answered 200.
 */
export function harBodyWanted(entry: HarEntryFields): boolean {
  if (entry.method !== undefined && entry.method !== "GET") return false;
  if (entry.status !== undefined && entry.status !== 200) return false;
  if (entry.url !== undefined) return serviceUrl("GET", entry.url) !== undefined;
  return true;
}

const SERVICE_PATH: Readonly<Record<string, string>> = {
  listEvaluations: "/evaluations",
  listHumanEvaluations: "/human-evaluations",
  getHumanEvaluation: "/human-evaluations/{id}",
};

/**
 * A HAR entry's request as an error line shows it: its method (when a short word) and the service's
 * path, a record's id as `{id}`, each query value redacted. No host, no base path, no userinfo, no
 * query value: a HAR holds the customer's host, API keys and records' ids (`coverage` and `snapshot`
 * print this line, an anonymised snapshot included).
 */
export function harRequestLine(method: unknown, url: unknown): string {
  const verb = typeof method === "string" && /^[A-Z]{1,10}$/.test(method) ? method : "?";
  let parsed: URL;
  try {
    parsed = new URL(typeof url === "string" ? url : "");
  } catch {
    return `${verb} (an unreadable URL)`;
  }
  const operation = operationOfPath(parsed.pathname);
  const path = operation === undefined ? "(not a path of the service)" : SERVICE_PATH[operation]!;
  const keys = [...new Set([...parsed.searchParams.keys()])].filter((key) => /^[A-Za-z0-9_.-]{1,40}$/.test(key));
  const query = keys.length === 0 ? "" : `?${keys.map((key) => `${key}=${REDACTED}`).join("&")}`;
  return `${verb} ${path}${query}`;
}

/** base64 to bytes, strictly (atob refuses what is no base64), without a callback per character. */
function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A response text as the provider sent it (base64 decoded), or undefined. */
function textOf(text: unknown, encoding: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  if (encoding !== "base64") return text;
  try {
    return new TextDecoder().decode(fromBase64(text));
  } catch {
    return undefined;
  }
}

function bodyOf(text: unknown, encoding: unknown): unknown {
  const decoded = textOf(text, encoding);
  if (decoded === undefined) return undefined;
  try {
    return JSON.parse(decoded) as unknown;
  } catch {
    return undefined;
  }
}

/** The observation of one HAR entry, or undefined when it is no GET of a service path (its body then never decoded). */
export function observeHarEntry(entry: HarEntryFields): Observation | undefined {
  if (typeof entry.method !== "string" || typeof entry.status !== "number") return undefined;
  const url = serviceUrl(entry.method, entry.url);
  if (url === undefined) return undefined;
  return observe({
    side: "consumer",
    source: "har",
    method: entry.method,
    url: url.pathname + url.search,
    status: entry.status,
    body: entry.status === 200 ? bodyOf(entry.text, entry.encoding) : undefined,
    ...(typeof entry.time === "number" ? { durationMs: entry.time } : {}),
  });
}

/** The observations of a HAR document's entries, in its order (entries that are no request to the service are left out). */
export function observationsFromHar(har: unknown): Observation[] {
  if (!isHar(har)) return [];
  const observations: Observation[] = [];
  for (const entry of (har as { log: { entries: unknown[] } }).log.entries) {
    if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) continue;
    const { request, response } = entry;
    const content = isObject(response.content) ? response.content : {};
    const observation = observeHarEntry({
      method: request.method,
      url: request.url,
      status: response.status,
      time: entry.time,
      text: content.text,
      encoding: content.encoding,
    });
    if (observation !== undefined) observations.push(observation);
  }
  return observations;
}

// A HAR file (what Playwright's recordHar, Chrome DevTools' "Save all as HAR" and most proxies write)
// as observations of the consumer side: each entry that is a GET of one of the service's paths, with
// its status, its body (text or base64) and its time. Browser-safe.
import { observe, type Observation } from "./observation.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether `value` looks like a HAR document (`{ log: { entries: [...] } }`). */
export const isHar = (value: unknown): boolean => isObject(value) && isObject(value.log) && Array.isArray(value.log.entries);

function bodyOf(content: unknown): unknown {
  if (!isObject(content) || typeof content.text !== "string") return undefined;
  let text = content.text;
  if (content.encoding === "base64") {
    try {
      text = new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
    } catch {
      return undefined;
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The observations of a HAR document's entries, in its order (entries that are no request to the service are left out). */
export function observationsFromHar(har: unknown): Observation[] {
  if (!isHar(har)) return [];
  const observations: Observation[] = [];
  for (const entry of (har as { log: { entries: unknown[] } }).log.entries) {
    if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) continue;
    const { request, response } = entry;
    if (typeof request.url !== "string" || typeof request.method !== "string" || typeof response.status !== "number") continue;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      continue;
    }
    const observation = observe({
      side: "consumer",
      source: "har",
      method: request.method,
      url: url.pathname + url.search,
      status: response.status,
      body: response.status === 200 ? bodyOf(response.content) : undefined,
      ...(typeof entry.time === "number" ? { durationMs: entry.time } : {}),
    });
    if (observation !== undefined) observations.push(observation);
  }
  return observations;
}

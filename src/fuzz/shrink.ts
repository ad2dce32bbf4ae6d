// Shrinking: from a failing request, smaller requests that still fail the same check with the same
// cause, until none is found or the budget is spent. Fewer headers and parameters first, then each
// value shortened: a prefix search (a fault past a length shrinks to just past it in about log2(n)
// requests), then chunks removed. Values are cut between characters, never inside a percent-encoded
// UTF-8 sequence, so a shrunk value is made of the original's characters.
import { OPERATIONS } from "../contract/operations.js";
import type { FuzzRequest } from "./types.js";

/** A value's pieces: one character, or one percent-encoded UTF-8 sequence (lead byte and continuations). */
export function valueTokens(raw: string): string[] {
  return raw.match(/%[C-Fc-f][0-9A-Fa-f](?:%[89ABab][0-9A-Fa-f]){1,3}|%[0-9A-Fa-f]{2}|[\s\S]/gu) ?? [];
}

/** The size a shrink makes smaller: the request's length in characters, plus a weight per part. */
export function requestSize(request: FuzzRequest): number {
  let size = request.path.length + request.headers.length * 100 + (request.body?.length ?? 0);
  for (const [name, value] of request.query) size += 50 + name.length + (value?.length ?? 0);
  return size;
}

/** Where a request has a value to shorten: the id segment of the by-id path, or a query name or value. */
type Slot = { in: "id" } | { in: "query"; index: number; part: 0 | 1 };

const BY_ID_PREFIX = OPERATIONS.getHumanEvaluation.path.replace("{evaluation_id}", "");

function slotsOf(request: FuzzRequest): Slot[] {
  const slots: Slot[] = [];
  if (request.operationId === "getHumanEvaluation" && request.path.startsWith(BY_ID_PREFIX)) slots.push({ in: "id" });
  request.query.forEach(([, value], index) => {
    if (value !== null && value !== "") slots.push({ in: "query", index, part: 1 });
    slots.push({ in: "query", index, part: 0 });
  });
  return slots;
}

function readSlot(request: FuzzRequest, slot: Slot): { value: string; suffix: string } {
  if (slot.in === "id") {
    const rest = request.path.slice(BY_ID_PREFIX.length);
    const slash = rest.endsWith("/") ? "/" : "";
    return { value: rest.slice(0, rest.length - slash.length), suffix: slash };
  }
  return { value: request.query[slot.index]![slot.part] ?? "", suffix: "" };
}

function writeSlot(request: FuzzRequest, slot: Slot, value: string): FuzzRequest {
  if (slot.in === "id") return { ...request, path: `${BY_ID_PREFIX}${value}${readSlot(request, slot).suffix}` };
  const query = request.query.map((pair) => [...pair] as [string, string | null]);
  query[slot.index]![slot.part] = value;
  return { ...request, query };
}

/** Candidates with a part removed: each header, the body, each parameter. */
function* withoutParts(request: FuzzRequest): Generator<FuzzRequest> {
  for (let i = 0; i < request.headers.length; i++) {
    // A client's `Accept: application/json` stays: it is no part of any oddity, and a curl line without it is odder.
    const [name, value] = request.headers[i]!;
    if (name === "accept" && value === "application/json") continue;
    yield { ...request, headers: request.headers.filter((_, j) => j !== i) };
  }
  if (request.body !== undefined && request.body !== "")
    yield { ...request, body: undefined, headers: request.headers.filter(([n]) => n !== "content-type") };
  for (let i = 0; i < request.query.length; i++) yield { ...request, query: request.query.filter((_, j) => j !== i) };
}

export interface ShrinkOptions {
  /** Whether `candidate` still fails the same check with the same cause (sends it). */
  stillFails(candidate: FuzzRequest): Promise<boolean>;
  /** Most candidates sent. */
  budget: number;
}

/** The smallest failing request found from `request` (itself when nothing smaller fails). */
export async function shrinkRequest(request: FuzzRequest, options: ShrinkOptions): Promise<{ request: FuzzRequest; tried: number }> {
  let best = request;
  let tried = 0;
  const seen = new Set<string>();
  const key = (r: FuzzRequest): string => JSON.stringify([r.method, r.path, r.query, r.headers, r.body]);
  seen.add(key(best));
  /** Tries `candidate`; true (and it becomes the best) when it is new, smaller and still fails. */
  const attempt = async (candidate: FuzzRequest): Promise<boolean> => {
    if (tried >= options.budget) return false;
    const k = key(candidate);
    if (seen.has(k) || requestSize(candidate) >= requestSize(best)) return false;
    seen.add(k);
    tried++;
    if (!(await options.stillFails(candidate))) return false;
    best = candidate;
    return true;
  };

  // Parts first, again after each success (positions move).
  for (let progress = true; progress && tried < options.budget;) {
    progress = false;
    for (const candidate of withoutParts(best))
      if (await attempt(candidate)) {
        progress = true;
        break;
      }
  }
  for (const slot of slotsOf(best)) {
    if (tried >= options.budget) break;
    await shrinkSlot(slot);
  }
  return { request: best, tried };

  async function shrinkSlot(slot: Slot): Promise<void> {
    const tokens = valueTokens(readSlot(best, slot).value);
    // An id keeps a character (none is another route), a parameter name too (`&=` reproduces nothing readable).
    const minimum = slot.in === "id" || slot.part === 0 ? 1 : 0;
    // Prefix search: the shortest failing prefix, assuming longer prefixes fail too.
    let [low, high] = [minimum, tokens.length];
    let current = tokens;
    while (low < high && tried < options.budget) {
      const middle = Math.floor((low + high) / 2);
      if (await attempt(writeSlot(best, slot, tokens.slice(0, middle).join("")))) {
        high = middle;
        current = tokens.slice(0, middle);
      } else low = middle + 1;
    }
    // Chunk removal: halves, quarters, ... single tokens, each kept out when the rest still fails.
    for (let size = Math.floor(current.length / 2); size >= 1 && tried < options.budget; size = Math.floor(size / 2))
      for (let start = 0; start + size <= current.length && tried < options.budget;) {
        if (current.length - size < minimum) break;
        const candidate = [...current.slice(0, start), ...current.slice(start + size)];
        if (await attempt(writeSlot(best, slot, candidate.join("")))) current = candidate;
        else start += size;
      }
  }
}

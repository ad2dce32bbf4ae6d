// The request journal: every request the mock answered (or faulted), newest last, in a fixed-size
// ring so a long session never grows memory. The node mock serves it at `GET /_mock/api/requests`
// (and `server.requests()`), MSW as `handlers.requests()`, the console's page shows it live. A test
// asserts with it what its client sent: the query, the trailing slash, how often it polled.
// Recording is on the hot path, so it formats nothing: one entry object into a ring slot; the
// wire form is made when someone reads it. Browser-safe.
import { isOperationId, OPERATION_IDS, type OperationId } from "../contract/operations.js";
import { didYouMean } from "../did-you-mean.js";
import { ToolkitError } from "../errors.js";
import { REDACTED, redactSecrets } from "../io/redact.js";
import { isPlainObject } from "../types/json.js";
import type { RequestHeaders } from "./cors.js";
import type { FaultName } from "./faults.js";
import { isSessionName, sessionNameFault } from "./session-name.js";

/** One journal entry, as served (JSON) and as `requests()` returns it. */
export interface JournalEntry {
  /** Increasing from 1: `?since=ID` gives only newer ones. */
  id: number;
  /** When the answer was sent, or the fault enacted (ISO 8601, UTC). */
  at: string;
  method: string;
  /** Path and query as sent, e.g. `/evaluations/?app_id=abc`; a secret in it (`?api_key=`, an email) as `[redacted]`. */
  url: string;
  /** The path as sent (no query). */
  path: string;
  /** Every query parameter, each value in the order sent: `{ app_id: ["abc"] }`; a secret's value `[redacted]`. */
  query: Record<string, string[]>;
  /** The request headers a test asserts on (accept, content-type, origin, prefer, referer, user-agent, x-mock-session); authorization and cookie only as `[redacted]`. */
  headers: Record<string, string>;
  /** The session it was asked under (X-Mock-Session or the mock-session cookie), null for none. */
  session: string | null;
  /** The operation its path matched, null for none. */
  operation: OperationId | null;
  /** The status sent; null when a fault sent none (reset, empty, hang). */
  status: number | null;
  /** The scenario applied, as preferences (`code=500, delay=200`), "" for none. */
  scenario: string;
  /** The fault enacted, null for none. */
  fault: FaultName | null;
  /** For a 404 or a 422: what the request nearly matched (`did you mean /evaluations?`), else null. */
  nearMiss: string | null;
  /** From the request's arrival to the answer, delays included. */
  ms: number;
  /** The log line's note: the scenario, the near miss, what was wrong with a scenario ("" when none). */
  note: string;
}

/** One request as a transport notes it: read lazily when the journal is listed. */
export interface JournalRecord {
  method: string;
  url: string;
  headers: RequestHeaders;
  session: string | undefined;
  status: number | null;
  ms: number;
  note: string;
  operationId?: OperationId | undefined;
  fault?: FaultName | undefined;
  scenario?: string | undefined;
  nearMiss?: string | undefined;
}

/** What to list: by operation, by session, and only entries after an id or from an instant on. */
export interface JournalFilter {
  operation?: OperationId;
  session?: string;
  /** An entry id (entries after it) or an instant (ISO 8601 or a Date: entries at or after it). */
  since?: number | string | Date;
}

/** The keys of a JournalFilter. */
export const JOURNAL_FILTER_KEYS = ["operation", "session", "since"] as const;

/** A name as an error line shows it: quoted, cut at 80 characters. */
const shown = (value: string): string => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);

/** ` (did you mean "x"?)` when `typed` is near one of `known` (short names only: the guess is quadratic). */
const guess = (typed: string, known: readonly string[]): string => {
  const meant = typed.length > 100 ? undefined : didYouMean(typed, known);
  return meant === undefined ? "" : ` (did you mean ${JSON.stringify(meant)}?)`;
};

/**
 * A `requests()` filter checked, for `where` (`handlers.requests`, `server.requests`): an unknown key or
 * operation, a session name no request can carry or a bad `since` is E_USAGE with a did-you-mean.
 * Filtering by a typo would list nothing, and "the client never called it" would always pass.
 */
export function checkJournalFilter(filter: unknown, where: string, keys: readonly string[] = JOURNAL_FILTER_KEYS): JournalFilter {
  if (filter === undefined) return {};
  // A Map, a Date or a class instance has no filter keys of its own: it would filter nothing.
  const proto = isPlainObject(filter) ? (Object.getPrototypeOf(filter) as unknown) : undefined;
  if (!isPlainObject(filter) || (proto !== Object.prototype && proto !== null))
    throw new ToolkitError("E_USAGE", `${where} takes an object like { operation: "listEvaluations" }`);
  for (const key of Object.keys(filter))
    if (!keys.includes(key))
      throw new ToolkitError("E_USAGE", `${where}: unknown filter ${shown(key)}${guess(key, keys)}; known: ${keys.join(", ")}`);
  const { operation, session, since } = filter as Record<string, unknown>;
  const checked: JournalFilter = {};
  if (operation !== undefined) {
    if (typeof operation !== "string" || !isOperationId(operation))
      throw new ToolkitError(
        "E_USAGE",
        `${where}: unknown operation ${typeof operation === "string" ? shown(operation) : typeof operation}${typeof operation === "string" ? guess(operation, OPERATION_IDS) : ""}; known: ${OPERATION_IDS.join(", ")}`,
      );
    checked.operation = operation;
  }
  if (session !== undefined) {
    if (typeof session !== "string" || !isSessionName(session))
      throw new ToolkitError("E_USAGE", `${where}: ${sessionNameFault("session", typeof session === "string" ? session : typeof session)}`);
    checked.session = session;
  }
  if (since !== undefined) {
    if (typeof since !== "number" && typeof since !== "string" && !(since instanceof Date))
      throw new ToolkitError("E_USAGE", `${where}: since must be a request id, an ISO 8601 time or a Date, got ${typeof since}`);
    const read = readSince(since);
    if ("fault" in read) throw new ToolkitError("E_USAGE", `${where}: ${read.fault}`);
    checked.since = since;
  }
  return checked;
}

const SELECTED_HEADERS = ["accept", "content-type", "origin", "prefer", "referer", "user-agent", "x-mock-session"];
const REDACTED_HEADERS = ["authorization", "cookie"];

function selectHeaders(headers: RequestHeaders): Record<string, string> {
  const selected: Record<string, string> = {};
  for (const name of SELECTED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) selected[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  for (const name of REDACTED_HEADERS) if (headers[name] !== undefined) selected[name] = "[redacted]";
  return selected;
}

function queryOf(search: string): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  // A secret a client put in a query (`?api_key=`, `?token=`, an email) is read by every page that shows the journal.
  for (const [name, value] of new URLSearchParams(search))
    (query[name] ??= []).push(redactSecrets(`${name}=${value}`) === `${name}=${value}` ? value : REDACTED);
  return { ...query };
}

export function journalEntry(id: number, atMs: number, record: JournalRecord): JournalEntry {
  const q = record.url.indexOf("?");
  return {
    id,
    at: new Date(atMs).toISOString(),
    method: record.method,
    url: redactSecrets(record.url),
    path: q === -1 ? record.url : record.url.slice(0, q),
    query: q === -1 ? {} : queryOf(record.url.slice(q + 1)),
    headers: selectHeaders(record.headers),
    session: record.session ?? null,
    operation: record.operationId ?? null,
    status: record.status,
    scenario: record.scenario ?? "",
    fault: record.fault ?? null,
    nearMiss: record.nearMiss ?? null,
    ms: record.ms,
    note: record.note,
  };
}

export interface Journal {
  /** Notes one request (`atMs`: epoch ms) and returns its id. */
  add(atMs: number, record: JournalRecord): number;
  /** Oldest first, filtered. */
  list(filter?: JournalFilter): JournalEntry[];
  /**
   * Forgets every entry, or only those of `session` (`null`: the requests without a session); ids go on
   * increasing. Returns how many entries it forgot.
   */
  clear(session?: string | null): number;
}

/** What is wrong with a `since` value, if anything, else its id or instant. */
export function readSince(since: number | string | Date): { afterId: number } | { fromMs: number } | { fault: string } {
  if (since instanceof Date) return Number.isNaN(since.getTime()) ? { fault: "since is an invalid Date" } : { fromMs: since.getTime() };
  if (typeof since === "number")
    return Number.isSafeInteger(since) && since >= 0
      ? { afterId: since }
      : { fault: `since must be a request id (0 or more), got ${since}` };
  if (/^\d{1,15}$/.test(since)) return { afterId: Number(since) };
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(since) ? Date.parse(since) : NaN;
  if (Number.isNaN(ms))
    return { fault: `since must be a request id or an ISO 8601 time like 2026-11-26T10:00:00Z, got ${JSON.stringify(since.slice(0, 64))}` };
  return { fromMs: ms };
}

/** Entries kept per session (the requests without a session are one more): its oldest go first. */
export const JOURNAL_SIZE = 1000;
/** Entries kept in all, every session together: past it the oldest entry of any session goes. */
export const JOURNAL_TOTAL = 10_000;

/**
 * The journal, kept per session: each session (and the requests without one) keeps its last `size`
 * entries, so a busy test worker never pushes another's entries out, and all of them together the last
 * `total`. Ids are consecutive over the whole journal, so the slot of id N in the ring of `total` holds N
 * for as long as N is among the last `total`; a slot emptied (its session past `size`, or cleared) is
 * skipped. Adding is O(1); listing and clearing a session walk at most `total` slots.
 */
export function createJournal(size = JOURNAL_SIZE, total = Math.max(size, JOURNAL_TOTAL)): Journal {
  const records = new Array<JournalRecord | undefined>(total);
  const times = new Float64Array(total);
  /** The ids each session holds, oldest first (`head`: the first still held); "" keys no session. */
  const held = new Map<string, { ids: number[]; head: number }>();
  let next = 1;
  const keyOf = (session: string | null | undefined): string => (session === undefined || session === null ? "" : `s:${session}`);
  /** Forgets the oldest id of `key`'s queue (the slot's record goes if it still holds that id). */
  const dropOldest = (key: string, queue: { ids: number[]; head: number }): void => {
    const id = queue.ids[queue.head++]!;
    if (records[id % total] !== undefined && id > next - 1 - total) records[id % total] = undefined;
    if (queue.head === queue.ids.length) held.delete(key);
    else if (queue.head > 1024 && queue.head * 2 > queue.ids.length) {
      queue.ids = queue.ids.slice(queue.head);
      queue.head = 0;
    }
  };
  return {
    add(atMs, record) {
      const id = next++;
      const slot = id % total;
      // The ring wraps: the entry it overwrites is the oldest of its session.
      const evicted = records[slot];
      if (evicted !== undefined) {
        const key = keyOf(evicted.session);
        const queue = held.get(key);
        if (queue !== undefined) dropOldest(key, queue);
      }
      records[slot] = record;
      times[slot] = atMs;
      const key = keyOf(record.session);
      let queue = held.get(key);
      if (queue === undefined) held.set(key, (queue = { ids: [], head: 0 }));
      queue.ids.push(id);
      if (queue.ids.length - queue.head > size) dropOldest(key, queue);
      return id;
    },
    list(filter = {}) {
      const since = filter.since === undefined ? { afterId: 0 } : readSince(filter.since);
      if ("fault" in since) throw new RangeError(since.fault);
      const after = "afterId" in since ? since.afterId : 0;
      const out: JournalEntry[] = [];
      // One session's entries: walk its own queue, not the whole ring.
      const queue = filter.session === undefined ? undefined : held.get(keyOf(filter.session));
      if (filter.session !== undefined && queue === undefined) return out;
      const ids: Iterable<number> =
        queue === undefined ? range(Math.max(after + 1, next - total), next) : queue.ids.slice(queue.head).filter((id) => id > after);
      for (const id of ids) {
        const record = records[id % total];
        if (record === undefined || (queue !== undefined && id <= next - 1 - total)) continue;
        const at = times[id % total]!;
        if ("fromMs" in since && at < since.fromMs) continue;
        if (filter.operation !== undefined && record.operationId !== filter.operation) continue;
        out.push(journalEntry(id, at, record));
      }
      return out;
    },
    clear(session) {
      if (session === undefined) {
        let count = 0;
        for (const queue of held.values()) count += queue.ids.length - queue.head;
        records.fill(undefined);
        held.clear();
        return count;
      }
      const key = keyOf(session);
      const queue = held.get(key);
      if (queue === undefined) return 0;
      held.delete(key);
      const ids = queue.ids.slice(queue.head);
      for (const id of ids) if (id > next - 1 - total) records[id % total] = undefined;
      return ids.length;
    },
  };
}

function* range(from: number, to: number): Generator<number> {
  for (let id = Math.max(from, 1); id < to; id++) yield id;
}

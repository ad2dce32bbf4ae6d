// The console's request log: the last requests the mock answered, newest last, in a fixed-size
// ring so a long session never grows the server's memory.

export interface LoggedRequest {
  /** Increasing from 1: a script asks for `?after=ID` to get only newer ones. */
  id: number;
  /** When the answer was sent (ISO 8601, UTC). */
  at: string;
  method: string;
  /** Path and query as sent. */
  url: string;
  status: number;
  /** From the request's arrival to the answer, delays included. */
  ms: number;
  /** The scenario applied, or what was wrong with one ("" when none). */
  note: string;
}

/** One answered request as the mock notes it: a LoggedRequest before the log gives it an id and a time. */
export type AnsweredRequest = Omit<LoggedRequest, "id" | "at">;

export const REQUEST_LOG_SIZE = 200;

export interface RequestLog {
  /** Logs one answered request (`atMs`: epoch ms) and returns its id. */
  add(atMs: number, entry: AnsweredRequest): number;
  /** Oldest first; with `afterId`, only the entries logged after it. */
  list(afterId?: number): LoggedRequest[];
}

/**
 * A ring of the last `size` requests. Recording is on the mock's hot path (every request), so it
 * formats nothing and allocates nothing: the caller's entry and its time go into one slot of two
 * arrays. Ids are consecutive, so the slot of id N holds N for as long as N is among the last `size`.
 */
export function createRequestLog(size = REQUEST_LOG_SIZE): RequestLog {
  const entries = new Array<AnsweredRequest | undefined>(size);
  const times = new Float64Array(size);
  let next = 1;
  return {
    add(atMs, entry) {
      entries[next % size] = entry;
      times[next % size] = atMs;
      return next++;
    },
    list(afterId = 0) {
      const out: LoggedRequest[] = [];
      // Whole ids from 1 on, whatever the caller passes: a slot outside the ring is no entry.
      const after = Number.isFinite(afterId) ? Math.max(0, Math.floor(afterId)) : 0;
      for (let id = Math.max(after + 1, next - size, 1); id < next; id++) {
        const entry = entries[id % size]!;
        const at = new Date(times[id % size]!).toISOString();
        out.push({ id, at, method: entry.method, url: entry.url, status: entry.status, ms: entry.ms, note: entry.note });
      }
      return out;
    },
  };
}

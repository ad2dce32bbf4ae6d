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

export const REQUEST_LOG_SIZE = 200;

export interface RequestLog {
  /** Logs one answered request (`atMs`: epoch ms) and returns its id. */
  add(atMs: number, entry: Omit<LoggedRequest, "id" | "at">): number;
  /** Oldest first; with `afterId`, only the entries logged after it. */
  list(afterId?: number): LoggedRequest[];
}

type Entry = Omit<LoggedRequest, "id" | "at">;

/**
 * A ring of the last `size` requests. Recording is on the mock's hot path (every request), so it
 * formats nothing and allocates nothing: the caller's entry, its id and its time go into one slot
 * of three arrays.
 */
export function createRequestLog(size = REQUEST_LOG_SIZE): RequestLog {
  const entries = new Array<Entry | undefined>(size);
  const ids = new Float64Array(size);
  const times = new Float64Array(size);
  let next = 1;
  return {
    add(atMs, entry) {
      const slot = next % size;
      entries[slot] = entry;
      ids[slot] = next;
      times[slot] = atMs;
      return next++;
    },
    list(afterId = 0) {
      const out: LoggedRequest[] = [];
      for (let id = Math.max(afterId + 1, next - size); id < next; id++) {
        const slot = id % size;
        const entry = entries[slot];
        if (entry === undefined || ids[slot] !== id) continue;
        out.push({
          id,
          at: new Date(times[slot]!).toISOString(),
          method: entry.method,
          url: entry.url,
          status: entry.status,
          ms: entry.ms,
          note: entry.note,
        });
      }
      return out;
    },
  };
}

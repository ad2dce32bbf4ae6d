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

/** As kept: the time as a number, turned into ISO 8601 only when somebody reads the log. */
interface Kept extends Omit<LoggedRequest, "at"> {
  atMs: number;
}

const shown = ({ atMs, ...rest }: Kept): LoggedRequest => ({ ...rest, at: new Date(atMs).toISOString() });

/**
 * A ring of the last `size` requests. Recording is on the mock's hot path (every request), so it
 * formats nothing and moves nothing: one object into one slot.
 */
export function createRequestLog(size = REQUEST_LOG_SIZE): RequestLog {
  const ring: Array<Kept | undefined> = new Array<Kept | undefined>(size);
  let next = 1;
  return {
    add(atMs, entry) {
      const kept: Kept = { id: next, atMs, method: entry.method, url: entry.url, status: entry.status, ms: entry.ms, note: entry.note };
      ring[next % size] = kept;
      return next++;
    },
    list(afterId = 0) {
      const out: LoggedRequest[] = [];
      for (let id = Math.max(afterId + 1, next - size); id < next; id++) {
        const kept = ring[id % size];
        if (kept !== undefined && kept.id === id) out.push(shown(kept));
      }
      return out;
    },
  };
}

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
  add(entry: Omit<LoggedRequest, "id">): LoggedRequest;
  /** Oldest first; with `afterId`, only the entries logged after it. */
  list(afterId?: number): LoggedRequest[];
}

export function createRequestLog(size = REQUEST_LOG_SIZE): RequestLog {
  const entries: LoggedRequest[] = [];
  let next = 1;
  return {
    add(entry) {
      const logged = { id: next++, ...entry };
      entries.push(logged);
      if (entries.length > size) entries.shift();
      return logged;
    },
    list: (afterId = 0) => entries.filter((entry) => entry.id > afterId),
  };
}

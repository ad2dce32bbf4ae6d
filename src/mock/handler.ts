// The mock's node:http request listener: the answer comes from the transport-free core (core.ts);
// this adapter holds it for its delay, writes it and logs one line per request.
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeControl } from "../check/escape-control.js";
import { createMockCore, type MockCoreOptions } from "./core.js";
import type { DatasetIndex } from "./dataset-index.js";

export { MAX_REQUEST_BODY_BYTES, normalizeBasePath, unquotePath } from "./core.js";

export interface MockHandlerOptions extends MockCoreOptions {
  log?: (line: string) => void;
  /** Holds a delayed reply; default setTimeout. Tests pass their own to release replies by hand. */
  schedule?: Scheduler;
}

/**
 * Runs `send` after `delayMs` (later, never synchronously) and returns a function that cancels it.
 * The one place the mock reads the clock: a test injects its own and sees each delay asked for.
 */
export type Scheduler = (delayMs: number, send: () => void) => () => void;

const timerScheduler: Scheduler = (delayMs, send) => {
  const timer = setTimeout(send, delayMs);
  return () => clearTimeout(timer);
};

export interface MockHandler {
  (request: IncomingMessage, response: ServerResponse): void;
  /**
   * Serves `data` from the next request on and returns a summary of it. It is checked first: a bad
   * dataset throws E_DATA_INVALID naming `source`, and the last good data keeps being served.
   */
  setDataset(data: unknown, source?: string): string;
  /** Serves an already checked and indexed dataset (a reload read off the main thread). */
  setIndex(index: DatasetIndex): string;
  /** Drops responses still waiting for their delay. */
  dispose(): void;
}

export function createMockHandler(options: MockHandlerOptions): MockHandler {
  const core = createMockCore(options);
  const log = options.log;
  const schedule = options.schedule ?? timerScheduler;
  const pending = new Set<() => void>();

  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    const started = log ? performance.now() : 0;
    const url = request.url ?? "/";
    const method = request.method ?? "GET";
    const answer = core.respond({ method, url, headers: request.headers });
    const send = (): void => {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
      // The method, the URL and the note (decoded scenario values) come from the request: escaped, so
      // a `%0a` or an ESC cannot forge a log line or drive the terminal.
      if (log) log(escapeControl(`${method} ${url} ${answer.status} ${(performance.now() - started).toFixed(1)}ms${answer.note}`));
    };
    if (answer.delayMs <= 0) return send();
    const cancel = schedule(answer.delayMs, () => {
      pending.delete(cancel);
      send();
    });
    pending.add(cancel);
    response.once("close", () => {
      cancel();
      pending.delete(cancel);
    });
  };

  return Object.assign(handler, {
    setDataset: (data: unknown, source?: string): string => core.setDataset(data, source),
    setIndex: (index: DatasetIndex): string => core.setIndex(index),
    dispose(): void {
      for (const cancel of pending) cancel();
      pending.clear();
    },
  });
}

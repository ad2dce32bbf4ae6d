// The mock's request listener: strips the base path and one trailing slash, finds the route,
// applies the scenario and writes pre-serialized bytes. Kept allocation-light: it is the hot path
// the benchmark measures.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Dataset } from "../types/dataset.js";
import { corsHeaders, preflightHeaders } from "./cors.js";
import { indexDataset, type DatasetIndex } from "./dataset-index.js";
import { errorBody, METHOD_NOT_ALLOWED, mockFault, NOT_FOUND } from "./error-bodies.js";
import { acceptDataset } from "./load-dataset.js";
import { matchRoute, type Reply } from "./routes.js";
import { readScenario } from "./scenarios.js";

export interface MockHandlerOptions {
  /** Checked with the conformance checker: contract errors throw E_DATA_INVALID. */
  data: Dataset;
  /** Names the data in the E_DATA_INVALID message, e.g. its file path. */
  source?: string;
  basePath?: string;
  delayMs?: number;
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
  /** Drops responses still waiting for their delay. */
  dispose(): void;
}

/** `api/`, `/api/` and `/api` all mean `/api`; `/` and `` mean no base path. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `/${trimmed}`;
}

export function createMockHandler(options: MockHandlerOptions): MockHandler {
  let index: DatasetIndex = indexDataset(acceptDataset(options.data, options.source ?? "data"));
  const base = normalizeBasePath(options.basePath);
  const defaultDelay = options.delayMs ?? 0;
  const log = options.log;
  const schedule = options.schedule ?? timerScheduler;
  const pending = new Set<() => void>();

  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    const started = log ? performance.now() : 0;
    const url = request.url ?? "/";
    const method = request.method ?? "GET";
    const origin = request.headers.origin;

    // What the request line cannot say: a scenario asked for in a header, or what is wrong with one.
    let note = "";
    const finish = (status: number, body: Buffer | undefined, headers: OutgoingHttpHeaders): void => {
      response.writeHead(status, headers);
      response.end(body);
      if (log) log(`${method} ${url} ${status} ${(performance.now() - started).toFixed(1)}ms${note}`);
    };
    const send = (reply: Reply, extra?: OutgoingHttpHeaders): void =>
      finish(
        reply.status,
        reply.body,
        corsHeaders(origin, { ...extra, "Content-Type": "application/json", "Content-Length": reply.body.length }),
      );

    const later = (delay: number, reply: Reply, extra?: OutgoingHttpHeaders): void => {
      if (delay <= 0) return send(reply, extra);
      const cancel = schedule(delay, () => {
        pending.delete(cancel);
        send(reply, extra);
      });
      pending.add(cancel);
      response.once("close", () => {
        cancel();
        pending.delete(cancel);
      });
    };

    const q = url.indexOf("?");
    let path = q === -1 ? url : url.slice(0, q);
    if (base !== "") {
      const under = path.startsWith(base) && (path.length === base.length || path.charCodeAt(base.length) === 47); /* "/" */
      path = under ? path.slice(base.length) : "";
    }
    if (path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1);

    if (method === "OPTIONS") return finish(204, undefined, preflightHeaders(request.headers));
    const match = path === "" ? undefined : matchRoute(path);
    if (!match) return later(defaultDelay, { status: 404, body: NOT_FOUND });
    if (method !== "GET") return later(defaultDelay, { status: 405, body: METHOD_NOT_ALLOWED }, { Allow: "GET" });

    // Scenarios apply to the three operations; the default latency to every answer but a preflight.
    const query = q === -1 ? undefined : new URLSearchParams(url.slice(q + 1));
    const prefer = request.headers.prefer;
    const scenario = readScenario(Array.isArray(prefer) ? prefer.join(", ") : prefer, query);
    if ("fault" in scenario) {
      note = `  mock: ${scenario.fault}`;
      return send({ status: 400, body: mockFault(scenario.fault) });
    }
    const { operationId, resolve } = match.route;
    const reply =
      scenario.code !== undefined && scenario.code !== 200
        ? { status: scenario.code, body: errorBody(scenario.code, operationId) }
        : resolve({ index, params: match.params, query, empty: scenario.empty === true });
    let extra: OutgoingHttpHeaders | undefined;
    if (scenario.applied.length > 0) {
      const applied = scenario.applied.join(", ");
      extra = { "Preference-Applied": applied };
      note = `  scenario: ${applied}`;
    }
    later(scenario.delayMs ?? defaultDelay, reply, extra);
  };

  return Object.assign(handler, {
    setDataset(data: unknown, source = "data"): string {
      index = indexDataset(acceptDataset(data, source));
      return index.summary;
    },
    dispose(): void {
      for (const cancel of pending) cancel();
      pending.clear();
    },
  });
}

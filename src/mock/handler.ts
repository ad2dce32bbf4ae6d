// The mock's request listener: decodes the path as Starlette does, strips the base path and one
// trailing slash, finds the route, applies the scenario and writes pre-serialized bytes. Kept
// allocation-light: it is the hot path the benchmark measures.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { DEFAULT_COMPAT, type CompatMode } from "../contract/error-bodies.js";
import type { Dataset } from "../types/dataset.js";
import { corsHeaders, isPreflight, preflight, type CorsMode } from "./cors.js";
import { indexDataset, type DatasetIndex } from "./dataset-index.js";
import { errorBody, METHOD_NOT_ALLOWED_BODY, mockFault, NOT_FOUND_BODY } from "./error-bodies.js";
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
  /** Whose error answers to give: FastAPI + pydantic 1 (`v1`, default), pydantic 2 (`v2`), or the spec-era 500s (`legacy`). */
  compat?: CompatMode;
  /** `any` (default): preflights for any method, as the real service; `strict`: GET only. */
  cors?: CorsMode;
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

/** A request body past this is refused with 413 (the service reads none; nobody should send one). */
export const MAX_REQUEST_BODY_BYTES = 1_048_576;
const PAYLOAD_TOO_LARGE: Reply = { status: 413, body: Buffer.from('{"detail":"Request body too large"}') };

/** `api/`, `/api/` and `/api` all mean `/api`; `/` and `` mean no base path. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `/${trimmed}`;
}

/** urllib's unquote, as uvicorn decodes the path for Starlette: valid %XX sequences decoded, the rest kept. */
export function unquotePath(path: string): string {
  if (!path.includes("%")) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

export function createMockHandler(options: MockHandlerOptions): MockHandler {
  let index: DatasetIndex = indexDataset(acceptDataset(options.data, options.source ?? "data"));
  const base = normalizeBasePath(options.basePath);
  const defaultDelay = options.delayMs ?? 0;
  const compat = options.compat ?? DEFAULT_COMPAT;
  const corsMode = options.cors ?? "any";
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
    const finish = (status: number, body: Buffer | string | undefined, headers: OutgoingHttpHeaders): void => {
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

    if (isPreflight(method, request.headers)) {
      const answer = preflight(request.headers, corsMode);
      return finish(answer.status, answer.body, { ...answer.headers, "Content-Length": Buffer.byteLength(answer.body) });
    }
    const length = Number(request.headers["content-length"] ?? 0);
    if (length > MAX_REQUEST_BODY_BYTES) return send(PAYLOAD_TOO_LARGE, { Connection: "close" });

    const q = url.indexOf("?");
    let path = unquotePath(q === -1 ? url : url.slice(0, q));
    if (base !== "") {
      const under = path.startsWith(base) && (path.length === base.length || path.charCodeAt(base.length) === 47); /* "/" */
      path = under ? path.slice(base.length) : "";
    }
    if (path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1);

    const match = path === "" ? undefined : matchRoute(path);
    if (!match) return later(defaultDelay, { status: 404, body: NOT_FOUND_BODY });
    if (method !== "GET") return later(defaultDelay, { status: 405, body: METHOD_NOT_ALLOWED_BODY }, { Allow: "GET" });

    // Scenarios apply to the three operations; the default latency to every answer but a preflight.
    const query = q === -1 ? undefined : new URLSearchParams(url.slice(q + 1));
    const prefer = request.headers.prefer;
    const scenario = readScenario(Array.isArray(prefer) ? prefer.join(", ") : prefer, query);
    if ("fault" in scenario) {
      note = `  mock: ${scenario.fault}`;
      return send({ status: 400, body: mockFault(scenario.fault) });
    }
    const { operationId, resolve } = match.route;
    const forced = scenario.code !== undefined && scenario.code !== 200;
    const reply = forced
      ? { status: scenario.code!, body: errorBody(scenario.code!, operationId, compat) }
      : resolve({ index, params: match.params, query, empty: scenario.empty === true, compat });
    // Preference-Applied names only what changed this answer: `example=empty` on a list that
    // answered 200, `code` when the answer was forced, any delay.
    const applied = scenario.applied.filter((preference) =>
      preference.startsWith("example=")
        ? !forced && reply.status === 200 && operationId !== "getHumanEvaluation"
        : preference.startsWith("code=")
          ? reply.status === scenario.code
          : true,
    );
    let extra: OutgoingHttpHeaders | undefined;
    if (applied.length > 0) {
      const text = applied.join(", ");
      extra = { "Preference-Applied": text };
      note = `  scenario: ${text}`;
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

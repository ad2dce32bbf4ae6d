// The mock's answers, independent of any transport: a request (method, URL, headers) in, an answer
// (status, headers, body, delay, log note) out. The node:http handler (handler.ts) and the MSW
// handlers serve the same answers from this one function, so they cannot drift apart. It decodes
// the path as Starlette does, strips the base path and one trailing slash, finds the route, applies
// the scenario and answers pre-serialized bytes. Kept allocation-light: it is the hot path the
// benchmark measures.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { DEFAULT_COMPAT, type CompatMode } from "../contract/error-bodies.js";
import type { Dataset } from "../types/dataset.js";
import { corsHeaders, isPreflight, preflight, type CorsMode } from "./cors.js";
import { indexDataset, type DatasetIndex } from "./dataset-index.js";
import { errorBody, METHOD_NOT_ALLOWED_BODY, mockFault, NOT_FOUND_BODY } from "./error-bodies.js";
import { acceptDataset } from "./load-dataset.js";
import { matchRoute, type Reply } from "./routes.js";
import { readScenario } from "./scenarios.js";

export interface MockCoreOptions {
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
}

export interface MockRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/evaluations/?app_id=x`. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface MockAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer | string;
  /** Hold the answer this long first (a scenario's delay or the default latency). */
  delayMs: number;
  /** What the request line cannot say, for the log: the scenario applied, or what is wrong with one. */
  note: string;
}

export interface MockCore {
  respond(request: MockRequest): MockAnswer;
  /** Serves `data` from the next request on (checked first: E_DATA_INVALID naming `source`); returns its summary. */
  setDataset(data: unknown, source?: string): string;
  /** Serves an index built elsewhere (a reload read off the main thread); returns its summary. */
  setIndex(index: DatasetIndex): string;
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

export function createMockCore(options: MockCoreOptions): MockCore {
  let index: DatasetIndex = indexDataset(acceptDataset(options.data, options.source ?? "data"));
  const base = normalizeBasePath(options.basePath);
  const defaultDelay = options.delayMs ?? 0;
  const compat = options.compat ?? DEFAULT_COMPAT;
  const corsMode = options.cors ?? "any";

  const respond = (request: MockRequest): MockAnswer => {
    const { method, url } = request;
    const origin = request.headers.origin;
    const json = (reply: Reply, delayMs: number, extra?: OutgoingHttpHeaders, note = ""): MockAnswer => ({
      status: reply.status,
      headers: corsHeaders(origin, { ...extra, "Content-Type": "application/json", "Content-Length": reply.body.length }),
      body: reply.body,
      delayMs,
      note,
    });

    if (isPreflight(method, request.headers)) {
      const answer = preflight(request.headers, corsMode);
      const headers = { ...answer.headers, "Content-Length": Buffer.byteLength(answer.body) };
      return { status: answer.status, headers, body: answer.body, delayMs: 0, note: "" };
    }
    const length = Number(request.headers["content-length"] ?? 0);
    if (length > MAX_REQUEST_BODY_BYTES) return json(PAYLOAD_TOO_LARGE, 0, { Connection: "close" });

    const q = url.indexOf("?");
    let path = unquotePath(q === -1 ? url : url.slice(0, q));
    if (base !== "") {
      const under = path.startsWith(base) && (path.length === base.length || path.charCodeAt(base.length) === 47); /* "/" */
      path = under ? path.slice(base.length) : "";
    }
    if (path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1);

    const match = path === "" ? undefined : matchRoute(path);
    if (!match) return json({ status: 404, body: NOT_FOUND_BODY }, defaultDelay);
    if (method !== "GET") return json({ status: 405, body: METHOD_NOT_ALLOWED_BODY }, defaultDelay, { Allow: "GET" });

    // Scenarios apply to the three operations; the default latency to every answer but a preflight.
    const query = q === -1 ? undefined : new URLSearchParams(url.slice(q + 1));
    const prefer = request.headers.prefer;
    const scenario = readScenario(Array.isArray(prefer) ? prefer.join(", ") : prefer, query);
    if ("fault" in scenario) return json({ status: 400, body: mockFault(scenario.fault) }, 0, undefined, `  mock: ${scenario.fault}`);
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
    const delayMs = scenario.delayMs ?? defaultDelay;
    if (applied.length === 0) return json(reply, delayMs);
    const text = applied.join(", ");
    return json(reply, delayMs, { "Preference-Applied": text }, `  scenario: ${text}`);
  };

  return {
    respond,
    setDataset(data: unknown, source = "data"): string {
      index = indexDataset(acceptDataset(data, source));
      return index.summary;
    },
    setIndex(next: DatasetIndex): string {
      index = next;
      return index.summary;
    },
  };
}

// The mock's answers, independent of any transport: a request (method, URL, headers) in, an answer
// (status, headers, body, delay, log note) out. The node:http handler (handler.ts) and the MSW
// handlers serve the same answers from this one function, so they cannot drift apart. It decodes
// the path as Starlette does, strips the base path and one trailing slash, finds the route, applies
// the scenario and answers pre-serialized bytes. Kept allocation-light: it is the hot path the
// benchmark measures.
import { DEFAULT_COMPAT, type CompatMode } from "../contract/error-bodies.js";
import type { Dataset } from "../types/dataset.js";
import { corsHeaders, firstHeader, isPreflight, preflight, type CorsMode, type RequestHeaders, type ResponseHeaders } from "./cors.js";
import { indexDataset, type DatasetIndex } from "./dataset-index.js";
import { errorBody, METHOD_NOT_ALLOWED_BODY, mockFault, NOT_FOUND_BODY } from "./error-bodies.js";
import { reanchorDataset } from "../generate/reanchor.js";
import { createLiveProvider, type LiveMockOptions } from "./live.js";
import { utf8Bytes } from "./bytes.js";
import { acceptDataset } from "./accept-dataset.js";
import { matchRoute, type Reply } from "./routes.js";
import { readScenario, type Scenario } from "./scenarios.js";

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
  /**
   * The scenario for requests that ask for none of their own (the console's switches): called per
   * request to an operation, so it must be cheap (return a prepared Scenario, NO_SCENARIO for none).
   */
  scenario?: () => Scenario;
  /** Live mode: queued and running records move to their final status over a duration (src/mock/live.ts). */
  live?: LiveMockOptions;
  /**
   * Moves the data in time so that its newest timestamp is this instant (epoch ms): every timestamp
   * shifted alike, so queued and running records read as recent (src/generate/reanchor.ts). A fixed
   * value keeps the answers byte-stable. Default: live mode anchors at its start (its clock), otherwise
   * the data is served as it is. The CLI's `--now`.
   */
  anchor?: number;
}

export interface MockRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/evaluations/?app_id=x`. */
  url: string;
  /** Lower-case names, as node:http gives them. */
  headers: RequestHeaders;
}

export interface MockAnswer {
  status: number;
  headers: ResponseHeaders;
  /** The exact bytes to send (JSON bodies), or text (a preflight's). */
  body: Uint8Array | string;
  /** Hold the answer this long first (a scenario's delay or the default latency). */
  delayMs: number;
  /** What the request line cannot say, for the log: the scenario applied, or what is wrong with one. */
  note: string;
}

export interface MockCore {
  respond(request: MockRequest): MockAnswer;
  /** Serves `data` from the next request on (checked first: E_DATA_INVALID naming `source`); returns its summary. In live mode its story starts anew. */
  setDataset(data: unknown, source?: string): string;
  /** What is served now, in one line (counts per list and apps). */
  readonly summary: string;
  /** Live mode: what moves and over what time (undefined otherwise). */
  readonly liveSummary: string | undefined;
  /** Serves an index built elsewhere (a reload read off the main thread); returns its summary. */
  setIndex(index: DatasetIndex): string;
}

/** A request body past this is refused with 413 (the service reads none; nobody should send one). */
export const MAX_REQUEST_BODY_BYTES = 1_048_576;
const PAYLOAD_TOO_LARGE: Reply = { status: 413, body: utf8Bytes('{"detail":"Request body too large"}') };
/** Plain answers kept by URL (see createMockCore); past this many, the kept ones are dropped, so random URLs cannot grow memory. */
export const MAX_PLAIN_ANSWERS = 4096;
const NOT_FOUND: Reply = { status: 404, body: NOT_FOUND_BODY };
const METHOD_NOT_ALLOWED: Reply = { status: 405, body: METHOD_NOT_ALLOWED_BODY };

/** `api/`, `/api/` and `/api` all mean `/api`; `/` and `` mean no base path. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `/${trimmed}`;
}

/**
 * What is wrong with a base path, if anything: it is matched against the decoded path, so only the
 * characters a path segment may carry as they are (RFC 3986 unreserved, sub-delims, `:` and `@`).
 * `?` and `#` would end the path, `%` would never match a decoded path, control characters and
 * non-ASCII would reach the logs and the console's prefix.
 */
export function checkBasePath(basePath: string | undefined): string | undefined {
  if (basePath === undefined) return undefined;
  const bad = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/.exec(basePath);
  if (bad === null) return undefined;
  const char = bad[0];
  const code = char.codePointAt(0)!;
  const shown = code < 0x20 || code === 0x7f || code > 0x7e ? `U+${code.toString(16).toUpperCase().padStart(4, "0")}` : `"${char}"`;
  return `the base path must be a plain path like /api: ${shown} is not allowed (letters, digits and - . _ ~ ! $ & ' ( ) * + , ; = : @ /)`;
}

/** The request URL's decoded path is the base path or under it (`base` normalized, not ""). */
export function isUnderBasePath(url: string, base: string): boolean {
  const q = url.indexOf("?");
  const path = unquotePath(q === -1 ? url : url.slice(0, q));
  return path.startsWith(base) && (path.length === base.length || path.charCodeAt(base.length) === 47); /* "/" */
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

// The headers of an answer with no Origin and nothing extra depend on its body alone: built once per
// body (bodies are indexed once per load) and shared, since writeHead only reads them.
const plainHeaderCache = new WeakMap<Uint8Array, ResponseHeaders>();
function plainHeaders(body: Uint8Array): ResponseHeaders {
  let headers = plainHeaderCache.get(body);
  if (headers === undefined) {
    headers = corsHeaders(undefined, { "Content-Type": "application/json", "Content-Length": String(body.length) });
    plainHeaderCache.set(body, headers);
  }
  return headers;
}

/** A JSON answer: shared headers when the request has no Origin and the answer no extra header. */
function jsonAnswer(reply: Reply, origin: string | undefined, delayMs: number, extra?: ResponseHeaders, note = ""): MockAnswer {
  const headers =
    extra === undefined && origin === undefined
      ? plainHeaders(reply.body)
      : corsHeaders(origin, { ...extra, "Content-Type": "application/json", "Content-Length": String(reply.body.length) });
  return { status: reply.status, headers, body: reply.body, delayMs, note };
}

export function createMockCore(options: MockCoreOptions): MockCore {
  // Each request is answered from one snapshot of the data: in live mode the provider's current
  // dataset (a new object only when a record changed), indexed once per snapshot. The data is first
  // moved to its anchor instant (`anchor`, or the live story's start), each time it is set.
  const provide = (given: Dataset): (() => Dataset) => {
    const anchor = options.anchor ?? (options.live ? (options.live.clock ?? Date.now)() : undefined);
    const data = anchor === undefined ? given : reanchorDataset(given, anchor);
    if (!options.live) return () => data;
    const live = createLiveProvider(data, options.live);
    liveSummary = live.summary;
    return live.current;
  };
  let liveSummary: string | undefined;
  let current = provide(acceptDataset(options.data, options.source ?? "data"));
  let indexed: Dataset | undefined;
  let index!: DatasetIndex;
  const snapshot = (): DatasetIndex => {
    const data = current();
    if (data !== indexed) {
      index = indexDataset(data);
      indexed = data;
    }
    return index;
  };
  snapshot();
  const base = normalizeBasePath(options.basePath);
  const defaultDelay = options.delayMs ?? 0;
  const compat = options.compat ?? DEFAULT_COMPAT;
  const corsMode = options.cors ?? "any";
  const globalScenario = options.scenario;

  // Most requests are plain: a GET with no Origin, Prefer or body, under no console scenario. Their
  // answer depends on the URL alone, so it is kept by URL until the data changes: answering again is
  // one Map lookup, as cheap as a bare server's. Live data changes by itself, so live mode keeps none.
  const plainAnswers = new Map<string, MockAnswer>();
  const keepsPlainAnswers = !options.live;
  const isPlain = (request: MockRequest): boolean =>
    keepsPlainAnswers &&
    request.method === "GET" &&
    request.headers.origin === undefined &&
    request.headers.prefer === undefined &&
    request.headers["content-length"] === undefined &&
    (globalScenario === undefined || globalScenario().applied.length === 0);

  const respond = (request: MockRequest): MockAnswer => {
    const plain = isPlain(request);
    if (plain) {
      const kept = plainAnswers.get(request.url);
      if (kept !== undefined) return kept;
    }
    const answer = answerOf(request);
    if (plain && answer.note === "") {
      if (plainAnswers.size >= MAX_PLAIN_ANSWERS) plainAnswers.clear();
      plainAnswers.set(request.url, answer);
    }
    return answer;
  };

  const answerOf = (request: MockRequest): MockAnswer => {
    const { method, url, headers } = request;
    const origin = firstHeader(headers.origin);

    if (isPreflight(method, headers)) {
      const answer = preflight(headers, corsMode);
      return {
        status: answer.status,
        headers: { ...answer.headers, "Content-Length": String(utf8Bytes(answer.body).length) },
        body: answer.body,
        delayMs: 0,
        note: "",
      };
    }
    const length = headers["content-length"];
    if (length !== undefined && Number(firstHeader(length)) > MAX_REQUEST_BODY_BYTES)
      return jsonAnswer(PAYLOAD_TOO_LARGE, origin, 0, { Connection: "close" });

    const q = url.indexOf("?");
    let path = unquotePath(q === -1 ? url : url.slice(0, q));
    if (base !== "") {
      const under = path.startsWith(base) && (path.length === base.length || path.charCodeAt(base.length) === 47); /* "/" */
      path = under ? path.slice(base.length) : "";
    }
    if (path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1);

    const match = path === "" ? undefined : matchRoute(path);
    if (!match) return jsonAnswer(NOT_FOUND, origin, defaultDelay);
    if (method !== "GET") return jsonAnswer(METHOD_NOT_ALLOWED, origin, defaultDelay, { Allow: "GET" });

    // Scenarios apply to the three operations; the default latency to every answer but a preflight.
    const query = q === -1 ? undefined : new URLSearchParams(url.slice(q + 1));
    const prefer = headers.prefer;
    const own = readScenario(Array.isArray(prefer) ? prefer.join(", ") : prefer, query);
    if ("fault" in own) return jsonAnswer({ status: 400, body: mockFault(own.fault) }, origin, 0, undefined, `  mock: ${own.fault}`);
    // A request that asks for any scenario of its own gets only its own; the others the global one.
    const global = own.applied.length === 0 && globalScenario !== undefined ? globalScenario() : undefined;
    const scenario = global ?? own;
    const { operationId, resolve } = match.route;
    const forced = scenario.code !== undefined && scenario.code !== 200;
    const reply = forced
      ? { status: scenario.code!, body: errorBody(scenario.code!, operationId, compat) }
      : resolve({ index: snapshot(), params: match.params, query, empty: scenario.empty === true, compat });
    const delayMs = scenario.delayMs ?? defaultDelay;
    if (scenario.applied.length === 0) return jsonAnswer(reply, origin, delayMs);
    // Preference-Applied names only what changed this answer: `example=empty` on a list that
    // answered 200, `code` when the answer was forced, any delay.
    const applied = scenario.applied.filter((preference) =>
      preference.startsWith("example=")
        ? !forced && reply.status === 200 && operationId !== "getHumanEvaluation"
        : preference.startsWith("code=")
          ? reply.status === scenario.code
          : true,
    );
    if (applied.length === 0) return jsonAnswer(reply, origin, delayMs);
    const text = applied.join(", ");
    // Preference-Applied answers the request's own Prefer (RFC 7240); the console's scenario only shows in the log.
    if (global !== undefined) return jsonAnswer(reply, origin, delayMs, undefined, `  console scenario: ${text}`);
    return jsonAnswer(reply, origin, delayMs, { "Preference-Applied": text }, `  scenario: ${text}`);
  };

  return {
    respond,
    setDataset(data: unknown, source = "data"): string {
      current = provide(acceptDataset(data, source));
      plainAnswers.clear();
      return snapshot().summary;
    },
    get summary() {
      return snapshot().summary;
    },
    get liveSummary() {
      return liveSummary;
    },
    setIndex(next: DatasetIndex): string {
      // An index built elsewhere has no dataset behind it (and so no live story): pin it.
      const pinned: Dataset = { evaluations: [], human_evaluations: [] };
      current = () => pinned;
      indexed = pinned;
      index = next;
      plainAnswers.clear();
      return next.summary;
    },
  };
}

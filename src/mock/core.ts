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
import { readScenario, scenarioOf, type CustomAnswer, type ScenarioPlan } from "./scenarios.js";
import { DEFAULT_DRIBBLE_MS, GATEWAY_PAGE, truncatedBody, type FaultName } from "./faults.js";
import { nearMissOfPath, nearMissOfQuery } from "./near-miss.js";
import type { OperationId } from "../contract/operations.js";

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
   * The scenarios for requests that ask for none of their own and come with no plan of their own
   * (the console's switches): called per request, so it must be cheap (return a prepared plan,
   * NO_PLAN for none).
   */
  scenario?: () => ScenarioPlan;
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
  /** The operation the path matched. */
  operationId?: OperationId;
  /**
   * A fault the transport enacts instead of (reset, empty, hang) or while (malformed, dribble)
   * sending this answer; `gateway` is the answer itself (502 and the proxy's page). For `dribble`,
   * `delayMs` is the time the body takes, not a hold.
   */
  fault?: FaultName;
  /** The scenario applied, as preferences (`code=500, delay=200`). */
  scenario?: string;
  /** For a 404 or a 422, what the request nearly matched (near-miss.ts). */
  nearMiss?: string;
}

export interface MockCore {
  /**
   * The answer to `request`. `plan`: the scenarios of its session or test, applied when it asks for
   * none of its own (default: the `scenario` option's, the console's).
   */
  respond(request: MockRequest, plan?: ScenarioPlan): MockAnswer;
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
function jsonAnswer(
  reply: Reply,
  origin: string | undefined,
  delayMs: number,
  extra?: ResponseHeaders,
  note = "",
  operationId?: OperationId,
): MockAnswer {
  const headers =
    extra === undefined && origin === undefined
      ? plainHeaders(reply.body)
      : corsHeaders(origin, { ...extra, "Content-Type": "application/json", "Content-Length": String(reply.body.length) });
  return operationId === undefined
    ? { status: reply.status, headers, body: reply.body, delayMs, note }
    : { status: reply.status, headers, body: reply.body, delayMs, note, operationId };
}

/** The mock's own 400 for what is wrong with a request's scenario or session: `{"detail":"mock: ..."}`, at once. */
export const mockFaultAnswer = (message: string, origin: string | undefined, operationId?: OperationId): MockAnswer =>
  jsonAnswer({ status: 400, body: mockFault(message) }, origin, 0, undefined, `  mock: ${message}`, operationId);

const GATEWAY_BODY = utf8Bytes(GATEWAY_PAGE);

/** The 502 a reverse proxy serves when the app behind it is down (with CORS headers, so a page sees it). */
function gatewayAnswer(origin: string | undefined, delayMs: number, extra: ResponseHeaders | undefined): MockAnswer {
  const headers = corsHeaders(origin, { ...extra, "Content-Type": "text/html", "Content-Length": String(GATEWAY_BODY.length) });
  return { status: 502, headers, body: GATEWAY_BODY, delayMs, note: "" };
}

/** A scenario's own answer (custom-answer.ts), with the CORS headers a page needs and its length. */
function customAnswer(custom: CustomAnswer, origin: string | undefined, delayMs: number): MockAnswer {
  const headers = corsHeaders(origin, { ...custom.headers, "Content-Length": String(custom.body.length) });
  return { status: custom.status, headers, body: custom.body, delayMs, note: "" };
}

/**
 * `preloaded`: the data already read, checked and indexed (the first load of a data file, off the main
 * thread, startMockServer): served instead of `options.data`, which is then neither checked nor indexed.
 */
export function createMockCore(options: MockCoreOptions, preloaded?: DatasetIndex): MockCore {
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
  let indexed: Dataset | undefined;
  let index!: DatasetIndex;
  let current!: () => Dataset;
  // An index built elsewhere has no dataset behind it (and so no live story): pin it.
  const pin = (next: DatasetIndex): void => {
    const pinned: Dataset = { evaluations: [], human_evaluations: [] };
    current = () => pinned;
    indexed = pinned;
    index = next;
  };
  if (preloaded === undefined) current = provide(acceptDataset(options.data, options.source ?? "data"));
  else pin(preloaded);
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
  const isPlain = (request: MockRequest, plan: ScenarioPlan | undefined): boolean =>
    keepsPlainAnswers &&
    request.method === "GET" &&
    request.headers.origin === undefined &&
    request.headers.prefer === undefined &&
    request.headers["content-length"] === undefined &&
    (plan === undefined ? globalScenario === undefined || globalScenario().none : plan.none);

  const respond = (request: MockRequest, plan?: ScenarioPlan): MockAnswer => {
    const plain = isPlain(request, plan);
    if (plain) {
      const kept = plainAnswers.get(request.url);
      if (kept !== undefined) return kept;
    }
    const answer = answerOf(request, plan);
    if (plain && answer.note === "") {
      if (plainAnswers.size >= MAX_PLAIN_ANSWERS) plainAnswers.clear();
      plainAnswers.set(request.url, answer);
    }
    return answer;
  };

  const answerOf = (request: MockRequest, given: ScenarioPlan | undefined): MockAnswer => {
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
    const sent = unquotePath(q === -1 ? url : url.slice(0, q));
    let path = sent;
    let outsideBase = false;
    if (base !== "") {
      const under = path.startsWith(base) && (path.length === base.length || path.charCodeAt(base.length) === 47); /* "/" */
      path = under ? path.slice(base.length) : "";
      outsideBase = !under;
    }
    if (path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1);

    const match = path === "" ? undefined : matchRoute(path);
    if (!match) {
      const near = nearMissOfPath(outsideBase ? sent.replace(/(.)\/$/, "$1") : path, base, outsideBase);
      const answer = jsonAnswer(NOT_FOUND, origin, defaultDelay);
      return near === undefined ? answer : { ...answer, note: `  near miss: ${near}`, nearMiss: near };
    }
    const { operationId, resolve } = match.route;
    if (method !== "GET") return jsonAnswer(METHOD_NOT_ALLOWED, origin, defaultDelay, { Allow: "GET" }, "", operationId);

    // Scenarios apply to the three operations; the default latency to every answer but a preflight.
    const query = q === -1 ? undefined : new URLSearchParams(url.slice(q + 1));
    const prefer = headers.prefer;
    const own = readScenario(Array.isArray(prefer) ? prefer.join(", ") : prefer, query);
    if ("fault" in own) return mockFaultAnswer(own.fault, origin, operationId);
    // A request that asks for any scenario of its own gets only its own; the others their session's
    // or test's plan, or else the console's.
    const plan = own.applied.length > 0 ? undefined : (given ?? globalScenario?.());
    const planned = plan === undefined ? undefined : scenarioOf(plan, operationId);
    let fromPlan = planned !== undefined && planned.applied.length > 0;
    // `times`: the plan's scenario answers its count of requests, then the plain answers come back.
    if (fromPlan && planned!.times !== undefined) {
      if (planned!.times.left > 0) planned!.times.left--;
      else fromPlan = false;
    }
    const scenario = fromPlan ? planned! : own;
    const custom = scenario.respond;
    const forced = scenario.code !== undefined && scenario.code !== 200;
    const fault = scenario.transportFault;
    const whole = forced
      ? { status: scenario.code!, body: errorBody(scenario.code!, operationId, compat) }
      : custom !== undefined
        ? { status: custom.status, body: custom.body }
        : resolve({ index: snapshot(), params: match.params, query, empty: scenario.empty === true, compat });
    // A cut-off body keeps its framing: the bytes sent and their Content-Length agree. (Replies are shared: a new one.)
    const reply = fault === "truncated" ? { status: whole.status, body: truncatedBody(whole.body) } : whole;
    const delayMs = fault === "dribble" ? (scenario.delayMs ?? DEFAULT_DRIBBLE_MS) : (scenario.delayMs ?? defaultDelay);
    // Only the framework's own 422 (app_id missing) is a near miss, not a forced one.
    const near = reply.status === 422 && !forced ? nearMissOfQuery(query) : undefined;
    if (scenario.applied.length === 0) {
      const answer = jsonAnswer(reply, origin, delayMs, undefined, "", operationId);
      return near === undefined ? answer : { ...answer, note: `  near miss: ${near}`, nearMiss: near };
    }
    // Preference-Applied names only what changed this answer: `example=empty` on a list that
    // answered 200, `code` when the answer was forced, any delay and any fault.
    const applied = scenario.applied.filter((preference) =>
      preference.startsWith("example=")
        ? !forced && reply.status === 200 && operationId !== "getHumanEvaluation" && fault !== "gateway"
        : preference.startsWith("code=")
          ? reply.status === scenario.code && fault !== "gateway"
          : true,
    );
    const text = applied.join(", ");
    // Preference-Applied answers the request's own Prefer (RFC 7240); a plan's scenario only shows in the log.
    const extra = fromPlan || applied.length === 0 ? undefined : { "Preference-Applied": text };
    const answer =
      fault === "gateway"
        ? gatewayAnswer(origin, delayMs, extra)
        : custom !== undefined
          ? customAnswer(custom, origin, delayMs)
          : jsonAnswer(reply, origin, delayMs, extra, "", operationId);
    const label = fromPlan ? plan!.label : "scenario";
    const notes = `${applied.length === 0 ? "" : `  ${label}: ${text}`}${near === undefined ? "" : `  near miss: ${near}`}`;
    return {
      ...answer,
      operationId,
      note: notes,
      ...(applied.length === 0 ? {} : { scenario: text }),
      ...(fault === undefined ? {} : { fault }),
      ...(near === undefined ? {} : { nearMiss: near }),
    };
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
      pin(next);
      plainAnswers.clear();
      return next.summary;
    },
  };
}

// The fuzzer's fault gallery as data: a small node:http provider of the three endpoints over
// galleryDataset(), conforming the way FastAPI + pydantic 1 answer (both path forms, 404/405/422
// bodies of the real shapes, `Allow: GET`, no HEAD, the last of repeated app_ids, the query decoded
// leniently like Python's unquote), and faults that each break it on ONE kind of odd request only.
// Each names the failure `evals-contract fuzz` must report (check, operation) and what its shrunk
// request must still look like (test/fuzz/fault-gallery.test.ts).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OperationId } from "../../src/contract/operations.js";
import type { FuzzOptions } from "../../src/fuzz/index.js";
import type { FuzzCheckName, FuzzRequest } from "../../src/fuzz/types.js";
import type { Dataset } from "../../src/types/dataset.js";
import { APP_A, galleryDataset } from "../verify/dataset.js";

/** A request as the provider got it: raw as sent (req.url), and decoded as Starlette decodes it. */
export interface ParsedRequest {
  method: string;
  /** The path as sent, percent-encoding kept (`/human-evaluations/%F0%9F%98%80`). */
  rawPath: string;
  /** The query as sent, without `?` (empty when none). */
  rawQuery: string;
  /** The path decoded leniently (what Starlette routes on). */
  path: string;
  /** Name and value pairs, decoded leniently (`+` is a space; a name alone has the value ""). */
  query: Array<[string, string]>;
  operationId?: OperationId;
  evaluationId?: string;
  headers: IncomingHttpHeaders;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/**
 * A fault's answer: a reply; `destroy` (the connection dropped without an answer); `raw` text written
 * to the socket instead of HTTP, then closed; or undefined (the conforming answer).
 */
export type FaultResult = Reply | "destroy" | "hang" | { raw: string } | undefined;
export type FaultHook = (request: ParsedRequest, data: Dataset) => FaultResult;

export interface FuzzGalleryFault {
  name: string;
  fault: FaultHook;
  /** The failure the fuzzer must report; `cause` where it is stable (a transport fault's kind, a leak's signature). */
  expect: { check: FuzzCheckName; operationId: OperationId; severity: "error"; cause?: string };
  /** Run options the fault needs (e.g. a small response cap). */
  options?: Partial<FuzzOptions>;
  /** Extra assertions on the shrunk request (throw when it does not hold). */
  shrunk?: (request: FuzzRequest) => void;
}

// ---------------------------------------------------------------------------------------------
// Decoding, as Python's urllib.parse (unquote with errors="replace", parse_qsl keep_blank_values)

/** Python's unquote: `%XX` becomes a byte, an invalid escape stays as is, invalid UTF-8 becomes U+FFFD. */
export function lenientDecode(raw: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length;) {
    const escape = raw.slice(i + 1, i + 3);
    if (raw[i] === "%" && /^[0-9a-fA-F]{2}$/.test(escape)) {
      bytes.push(parseInt(escape, 16));
      i += 3;
      continue;
    }
    const char = String.fromCodePoint(raw.codePointAt(i)!);
    // Node hands a request line's non-ASCII bytes over as latin1 characters: take them back as bytes.
    if (char.length === 1 && char.charCodeAt(0) <= 0xff) bytes.push(char.charCodeAt(0));
    else bytes.push(...Buffer.from(char, "utf8"));
    i += char.length;
  }
  return Buffer.from(bytes).toString("utf8");
}

/** parse_qsl(query, keep_blank_values=True): `&`-separated, empty pairs skipped, `+` a space. */
export function parseQuery(rawQuery: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of rawQuery.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const [name, value] = eq === -1 ? [part, ""] : [part.slice(0, eq), part.slice(eq + 1)];
    pairs.push([lenientDecode(name.replace(/\+/g, " ")), lenientDecode(value.replace(/\+/g, " "))]);
  }
  return pairs;
}

/** The app_id FastAPI binds: the last value when repeated (Starlette's QueryParams), undefined when absent. */
export function appIdOf(request: Pick<ParsedRequest, "query">): string | undefined {
  return request.query.filter(([name]) => name === "app_id").at(-1)?.[1];
}

function route(path: string): Pick<ParsedRequest, "operationId" | "evaluationId"> {
  // Both forms are served: `/evaluations` and `/evaluations/`.
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  if (trimmed === "/evaluations") return { operationId: "listEvaluations" };
  if (trimmed === "/human-evaluations") return { operationId: "listHumanEvaluations" };
  const byId = /^\/human-evaluations\/([^/]+)$/.exec(trimmed);
  return byId ? { operationId: "getHumanEvaluation", evaluationId: byId[1]! } : {};
}

export function parseRequest(req: Pick<IncomingMessage, "method" | "url" | "headers">): ParsedRequest {
  const url = req.url ?? "/";
  const mark = url.indexOf("?");
  const rawPath = mark === -1 ? url : url.slice(0, mark);
  const rawQuery = mark === -1 ? "" : url.slice(mark + 1);
  const path = lenientDecode(rawPath);
  return { method: req.method ?? "GET", rawPath, rawQuery, path, query: parseQuery(rawQuery), ...route(path), headers: req.headers };
}

// ---------------------------------------------------------------------------------------------
// The conforming answers

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

// pydantic 1's shape (FastAPI < 0.100): loc, msg, type "value_error.missing".
const MISSING_APP_ID = { detail: [{ loc: ["query", "app_id"], msg: "field required", type: "value_error.missing" }] };

export function conformingReply(request: ParsedRequest, data: Dataset): Reply {
  if (request.operationId === undefined) return json(404, { detail: "Not Found" });
  // FastAPI's routes do not add HEAD to GET.
  if (request.method !== "GET") return json(405, { detail: "Method Not Allowed" }, { allow: "GET" });
  const appId = appIdOf(request);
  switch (request.operationId) {
    case "listEvaluations":
      return appId === undefined
        ? json(422, MISSING_APP_ID)
        : json(
            200,
            data.evaluations.filter((e) => e.app_id === appId),
          );
    case "listHumanEvaluations":
      return appId === undefined
        ? json(422, MISSING_APP_ID)
        : json(
            200,
            data.human_evaluations.filter((e) => e.app_id === appId),
          );
    case "getHumanEvaluation": {
      const record = data.human_evaluations.find((e) => e.id === request.evaluationId);
      return record ? json(200, record) : json(404, { detail: "Evaluation not found" });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The provider

export interface FaultyProvider {
  server: Server;
  /** Method and raw URL (req.url) of every request, in order. */
  requests: string[];
}

/** Builds the provider (not listening: tests listen on port 0 with listenForTest). */
export function createFaultyProvider(fault?: FaultHook, data: Dataset = galleryDataset()): FaultyProvider {
  const requests: string[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    requests.push(`${req.method} ${req.url}`);
    // Read the whole request (a POST's few bytes) before answering, so the connection stays usable.
    req.resume();
    req.on("end", () => {
      const request = parseRequest(req);
      const result = fault?.(request, data);
      if (result === "destroy") {
        req.socket.destroy();
        return;
      }
      // No answer at all: the client's timeout ends it (the socket is destroyed when the server closes).
      if (result === "hang") return;
      if (typeof result === "object" && "raw" in result) {
        req.socket.end(result.raw);
        return;
      }
      const reply = result ?? conformingReply(request, data);
      res.writeHead(reply.status, { ...reply.headers, "content-length": Buffer.byteLength(reply.body) });
      res.end(reply.body);
    });
  };
  // uvicorn takes the fuzzer's 10 KB values (up to ~30 KB percent-encoded): so must Node (16 KB of headers by default).
  return { server: createServer({ maxHeaderSize: 256 * 1024 }, handle), requests };
}

export function providerUrl(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// ---------------------------------------------------------------------------------------------
// The faults

/** Any character past ASCII (a byte >= 0x80 before decoding; U+FFFD for invalid UTF-8). */
const nonAscii = (value: string) => [...value].some((c) => c.codePointAt(0)! >= 0x80);

/** The shrunk request's app_id values, decoded. */
const appIds = (request: FuzzRequest): string[] =>
  request.query.filter(([name]) => name === "app_id").map(([, value]) => lenientDecode((value ?? "").replace(/\+/g, " ")));

const lastAppId = (request: FuzzRequest): string => {
  const values = appIds(request);
  if (values.length === 0) throw new Error(`the shrunk request has no app_id: ${JSON.stringify(request.query)}`);
  return values.at(-1)!;
};

function check(condition: boolean, message: string, request: FuzzRequest): void {
  if (!condition) throw new Error(`${message}: ${request.method} ${request.path} ${JSON.stringify(request.query)}`);
}

const serverError = (detail: string): Reply => json(500, { detail });

const PYTHON_TRACEBACK = [
  "Traceback (most recent call last):",
  '  File "/usr/local/lib/python3.9/site-packages/starlette/middleware/errors.py", line 162, in __call__',
  "    await self.app(scope, receive, _send)",
  '  File "/app/agenta_backend/routers/human_evaluation_router.py", line 88, in fetch_human_evaluation',
  "    evaluation = await get_human_evaluation(ObjectId(evaluation_id))",
  '  File "/usr/local/lib/python3.9/site-packages/bson/objectid.py", line 105, in __init__',
  "    self.__validate(oid)",
  "bson.errors.InvalidId: '{id}' is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string",
  "",
].join("\n");

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** `{"$ne": null}`-shaped: a JSON object whose keys are MongoDB operators. */
function operatorShaped(value: string): Record<string, unknown> | undefined {
  if (!value.trimStart().startsWith("{")) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) && Object.keys(parsed).some((k) => k.startsWith("$")))
      return parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the filter is the plain string.
  }
  return undefined;
}

const EMOJI = /\p{Extended_Pictographic}/u;

export const FAULTS: readonly FuzzGalleryFault[] = [
  {
    name: "500 on a non-ASCII app_id (the database driver's ASCII-only key)",
    fault: (request) => {
      const appId = appIdOf(request);
      return request.operationId === "listEvaluations" && appId !== undefined && nonAscii(appId)
        ? serverError("Internal Server Error")
        : undefined;
    },
    expect: { check: "server-error", operationId: "listEvaluations", severity: "error" },
    shrunk: (request) => check(nonAscii(lastAppId(request)), "the shrunk app_id has no non-ASCII character", request),
  },
  {
    name: "500 on a malformed evaluation id (bson's ObjectId() raising InvalidId)",
    fault: (request) =>
      request.operationId === "getHumanEvaluation" && request.method === "GET" && !OBJECT_ID.test(request.evaluationId!)
        ? serverError("Internal Server Error")
        : undefined,
    expect: { check: "server-error", operationId: "getHumanEvaluation", severity: "error" },
    shrunk: (request) => {
      const id = lenientDecode(request.path.replace(/^\/human-evaluations\//, "").replace(/\/$/, ""));
      check(request.path.startsWith("/human-evaluations/") && !OBJECT_ID.test(id), "the shrunk id is a well-formed ObjectId", request);
    },
  },
  {
    name: "500 on an app_id longer than 100 characters (a column's length limit)",
    fault: (request) => {
      const appId = appIdOf(request);
      return request.operationId === "listHumanEvaluations" && appId !== undefined && [...appId].length > 100
        ? serverError("value too long for type character varying(100)")
        : undefined;
    },
    expect: { check: "server-error", operationId: "listHumanEvaluations", severity: "error" },
    shrunk: (request) => {
      const length = [...lastAppId(request)].length;
      check(length >= 101 && length <= 110, `the shrunk app_id is ${length} characters long, not about 101`, request);
    },
  },
  {
    name: 'an operator-shaped app_id ({"$ne": null}) returns every app\'s records (a MongoDB query built from it)',
    fault: (request, data) => {
      const appId = appIdOf(request);
      return request.operationId === "listEvaluations" && request.method === "GET" && appId !== undefined && operatorShaped(appId)
        ? json(200, data.evaluations)
        : undefined;
    },
    expect: { check: "filter-bypass", operationId: "listEvaluations", severity: "error" },
    shrunk: (request) => check(operatorShaped(lastAppId(request)) !== undefined, "the shrunk app_id is not operator-shaped", request),
  },
  {
    name: "case-insensitive app_id matching (a collation)",
    fault: (request, data) => {
      const appId = appIdOf(request);
      return request.operationId === "listHumanEvaluations" && request.method === "GET" && appId !== undefined
        ? json(
            200,
            data.human_evaluations.filter((e) => e.app_id.toLowerCase() === appId.toLowerCase()),
          )
        : undefined;
    },
    expect: { check: "filter-bypass", operationId: "listHumanEvaluations", severity: "error" },
    shrunk: (request) => {
      const appId = lastAppId(request);
      check(appId !== APP_A && appId.toLowerCase() === APP_A.toLowerCase(), "the shrunk app_id is no case variant of the app's", request);
    },
  },
  {
    name: "a whitespace-padded app_id matches the app (the filter strips it)",
    fault: (request, data) => {
      const appId = appIdOf(request);
      return request.operationId === "listEvaluations" && request.method === "GET" && appId !== undefined && appId !== appId.trim()
        ? json(
            200,
            data.evaluations.filter((e) => e.app_id === appId.trim()),
          )
        : undefined;
    },
    expect: { check: "filter-bypass", operationId: "listEvaluations", severity: "error" },
    shrunk: (request) => {
      const appId = lastAppId(request);
      check(appId !== APP_A && appId.trim() === APP_A, "the shrunk app_id is no whitespace variant of the app's", request);
    },
  },
  {
    name: "500 on a repeated app_id (the handler wants one value)",
    fault: (request) =>
      request.operationId === "listHumanEvaluations" && request.query.filter(([name]) => name === "app_id").length > 1
        ? serverError("Internal Server Error")
        : undefined,
    expect: { check: "server-error", operationId: "listHumanEvaluations", severity: "error" },
    shrunk: (request) => {
      check(appIds(request).length === 2, "the shrunk request does not have exactly two app_ids", request);
      check(
        request.query.every(([name]) => name === "app_id"),
        "the shrunk request keeps parameters other than app_id",
        request,
      );
    },
  },
  {
    name: "POST answered 200 like GET (a route registered with methods=['GET', 'POST'])",
    fault: (request, data) =>
      request.operationId === "listEvaluations" && request.method === "POST"
        ? conformingReply({ ...request, method: "GET" }, data)
        : undefined,
    expect: { check: "method", operationId: "listEvaluations", severity: "error", cause: "POST 200" },
    shrunk: (request) => check(request.method === "POST", `the shrunk request's method is ${request.method}`, request),
  },
  {
    name: "a 404 in HTML for an unknown evaluation id (a proxy's error page)",
    fault: (request, data) => {
      if (request.operationId !== "getHumanEvaluation") return undefined;
      const reply = conformingReply(request, data);
      return reply.status === 404
        ? { status: 404, headers: { "content-type": "text/html" }, body: "<html><body><h1>Not Found</h1></body></html>" }
        : undefined;
    },
    expect: { check: "content-type", operationId: "getHumanEvaluation", severity: "error", cause: "404 text/html" },
    shrunk: (request) => check(request.method === "GET", `the shrunk request's method is ${request.method}`, request),
  },
  {
    name: "a Python traceback in a 500 body on a malformed evaluation id (debug=True)",
    fault: (request) =>
      request.operationId === "getHumanEvaluation" && request.method === "GET" && !OBJECT_ID.test(request.evaluationId!)
        ? {
            status: 500,
            // Starlette's ServerErrorMiddleware in debug mode, to a client that does not accept HTML.
            headers: { "content-type": "text/plain; charset=utf-8" },
            body: PYTHON_TRACEBACK.replace("{id}", request.evaluationId!),
          }
        : undefined,
    expect: { check: "leak", operationId: "getHumanEvaluation", severity: "error", cause: "a Python traceback" },
  },
  {
    name: "the connection dropped without an answer on an emoji app_id (a worker crashing)",
    fault: (request) => {
      const appId = appIdOf(request);
      return request.operationId === "listHumanEvaluations" && appId !== undefined && EMOJI.test(appId) ? "destroy" : undefined;
    },
    expect: { check: "transport", operationId: "listHumanEvaluations", severity: "error", cause: "reset" },
    shrunk: (request) => check(EMOJI.test(lastAppId(request)), "the shrunk app_id has no emoji", request),
  },
  {
    name: "no HTTP at all for an id with a NUL byte (the error printed to the socket)",
    fault: (request) =>
      request.operationId === "getHumanEvaluation" && request.evaluationId!.includes("\u0000")
        ? { raw: "ValueError: embedded null byte\n" }
        : undefined,
    expect: { check: "transport", operationId: "getHumanEvaluation", severity: "error", cause: "malformed" },
    shrunk: (request) => check(/%00/.test(request.path), "the shrunk id has no NUL byte", request),
  },
  {
    name: "a negative limit lists without end (a 200 past the response cap)",
    fault: (request, data) => {
      const appId = appIdOf(request);
      const limit = request.query.find(([name]) => name === "limit")?.[1];
      if (request.operationId !== "listEvaluations" || request.method !== "GET" || appId === undefined || limit === undefined)
        return undefined;
      if (!(Number.parseInt(limit, 10) < 0)) return undefined;
      const records = data.evaluations.filter((e) => e.app_id === appId);
      return json(200, Array.from({ length: 100 }, () => records).flat());
    },
    options: { maxResponseBytes: 64 * 1024 },
    expect: { check: "transport", operationId: "listEvaluations", severity: "error", cause: "too-large" },
    shrunk: (request) =>
      check(
        request.query.some(([name, value]) => name === "limit" && Number.parseInt(value ?? "", 10) < 0),
        "the shrunk request has no negative limit",
        request,
      ),
  },
  {
    name: "an invalid list body when an unknown parameter comes along (records without status)",
    fault: (request, data) => {
      const appId = appIdOf(request);
      if (request.operationId !== "listEvaluations" || request.method !== "GET" || appId === undefined) return undefined;
      if (request.query.every(([name]) => name === "app_id")) return undefined;
      return json(
        200,
        data.evaluations.filter((e) => e.app_id === appId).map(({ status: _status, ...rest }) => rest),
      );
    },
    expect: { check: "conformance", operationId: "listEvaluations", severity: "error" },
    shrunk: (request) =>
      check(
        request.query.some(([name]) => name !== "app_id"),
        "the shrunk request has no parameter other than app_id",
        request,
      ),
  },
  {
    name: "an empty app_id lists every app's records (`if app_id:` skips the filter)",
    fault: (request, data) =>
      request.operationId === "listHumanEvaluations" && request.method === "GET" && appIdOf(request) === ""
        ? json(200, data.human_evaluations)
        : undefined,
    expect: { check: "filter-bypass", operationId: "listHumanEvaluations", severity: "error" },
    shrunk: (request) => check(lastAppId(request) === "", "the shrunk app_id is not empty", request),
  },
  {
    name: "SQL built from the app_id: `X' --` comments the rest out and lists X's records",
    fault: (request, data) => {
      const appId = appIdOf(request);
      const commented = appId === undefined ? null : /^(.+)' --$/.exec(appId);
      return request.operationId === "listEvaluations" && request.method === "GET" && commented
        ? json(
            200,
            data.evaluations.filter((e) => e.app_id === commented[1]),
          )
        : undefined;
    },
    expect: { check: "filter-bypass", operationId: "listEvaluations", severity: "error" },
    shrunk: (request) => check(/' --$/.test(lastAppId(request)), "the shrunk app_id has lost its SQL comment", request),
  },
];

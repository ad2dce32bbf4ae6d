// A tiny node:http provider of the three endpoints over a fixed dataset: conforming by default
// (both path forms, an optional path prefix, FastAPI-shaped errors), with one hook that transforms
// its replies: the single fault of a gallery entry, or the real service's serialization habits.
// Shared by the verifier tests and the Pact verification tests (test/pact), which also use its
// request log, its own Pact state-change endpoint and its hanging paths.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OperationId } from "../../src/contract/operations.js";
import type { Dataset } from "../../src/types/dataset.js";

export interface ProviderRequest {
  /** The operation the path routes to, when it does. */
  operationId?: OperationId;
  /** The path after the base path, as sent (trailing slash kept). */
  path: string;
  query: URLSearchParams;
  evaluationId?: string;
}

export interface ProviderReply {
  status: number;
  /** Empty: no Content-Type header at all. */
  contentType: string;
  /** A JSON value, or raw text when `raw` is set. */
  body: unknown;
  raw?: string;
  /** More response headers (e.g. `location`). */
  headers?: Record<string, string>;
}

export type ReplyTransform = (request: ProviderRequest, reply: ProviderReply, data: Dataset) => ProviderReply;

export interface FixtureProviderOptions {
  data: Dataset;
  basePath?: string;
  transform?: ReplyTransform;
  /** Serve Pact's state-change protocol at `{basePath}/_pact/provider-states`, answering these values. */
  stateValues?: Record<string, string>;
  /** Never answer a request whose path (after the base path) matches: a provider that hangs. */
  hangOn?: RegExp;
}

export interface RunningProvider {
  /** Base URL including the base path. */
  url: string;
  /** Method, path and query of every request, in order (`GET /api/evaluations?app_id=...`). */
  requests: string[];
  /** The headers of every request, in the order of `requests`. */
  headers: IncomingMessage["headers"][];
  close(): Promise<void>;
}

const STATE_PATH = "/_pact/provider-states";

const json = (status: number, body: unknown): ProviderReply => ({ status, contentType: "application/json", body });

// pydantic v2 without `input` (the seed lists loc, msg and type only).
const MISSING_APP_ID = { detail: [{ type: "missing", loc: ["query", "app_id"], msg: "Field required" }] };

function route(path: string): Pick<ProviderRequest, "operationId" | "evaluationId"> {
  const trimmed = path.length > 1 ? path.replace(/\/$/, "") : path;
  if (trimmed === "/evaluations") return { operationId: "listEvaluations" };
  if (trimmed === "/human-evaluations") return { operationId: "listHumanEvaluations" };
  const byId = /^\/human-evaluations\/([^/]+)$/.exec(trimmed);
  if (byId) return { operationId: "getHumanEvaluation", evaluationId: decodeURIComponent(byId[1]!) };
  return {};
}

/** The conforming answer to `request`. */
export function conformingReply(request: ProviderRequest, data: Dataset): ProviderReply {
  const appId = request.query.get("app_id");
  switch (request.operationId) {
    case "listEvaluations":
      return appId
        ? json(
            200,
            data.evaluations.filter((e) => e.app_id === appId),
          )
        : json(422, MISSING_APP_ID);
    case "listHumanEvaluations":
      return appId
        ? json(
            200,
            data.human_evaluations.filter((e) => e.app_id === appId),
          )
        : json(422, MISSING_APP_ID);
    case "getHumanEvaluation": {
      const record = data.human_evaluations.find((e) => e.id === request.evaluationId);
      return record ? json(200, record) : json(404, { detail: "Evaluation not found" });
    }
    default:
      return json(404, { detail: "Not Found" });
  }
}

/** Pact's state change: `{"state", "params", "action"}` in, the values to inject out (`{}` on teardown). */
function answerStateChange(req: IncomingMessage, res: ServerResponse, values: Record<string, string>): void {
  let text = "";
  req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  req.on("end", () => {
    const change = JSON.parse(text) as { action?: string };
    const body = JSON.stringify(change.action === "teardown" ? {} : values);
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
}

export async function startFixtureProvider(options: FixtureProviderOptions): Promise<RunningProvider> {
  const base = (options.basePath ?? "").replace(/\/+$/, "");
  const requests: string[] = [];
  const headers: IncomingMessage["headers"][] = [];
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? "/", "http://provider");
    requests.push(`${req.method ?? "GET"} ${url.pathname}${url.search}`);
    headers.push(req.headers);
    const underBase = base === "" || url.pathname === base || url.pathname.startsWith(`${base}/`);
    const path = underBase ? url.pathname.slice(base.length) || "/" : "";
    if (options.hangOn?.test(path)) return;
    if (req.method === "POST" && path === STATE_PATH && options.stateValues) return answerStateChange(req, res, options.stateValues);
    const request: ProviderRequest = { path, query: url.searchParams, ...(underBase ? route(path) : {}) };
    // Each reply starts from a copy, so a transform may change it in place.
    let reply = structuredClone(conformingReply(request, options.data));
    if (options.transform) reply = options.transform(request, reply, options.data);
    const text = reply.raw ?? JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      ...reply.headers,
      ...(reply.contentType === "" ? {} : { "content-type": reply.contentType }),
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
  };
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    requests,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// A tiny provider of the three endpoints for the verification tests (node:http, port 0). By default
// it serves data the way the real service does (domain notes): `null` optionals, naive timestamps
// with microseconds, a deleted evaluator config `{}`. Options put it under a path prefix, give it
// its own Pact state-change endpoint, or change a body to break the contract in one way.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";

export type Records = Array<Record<string, unknown>>;

export interface FakeData {
  evaluations: Records;
  human_evaluations: Records;
}

export interface FakeProviderOptions {
  data?: FakeData;
  /** Every route lives under this prefix, e.g. `/api`. */
  basePath?: string;
  /** Changes a 200 body before it is sent: `route` is `evaluations`, `human-evaluations` or `human-evaluation`. */
  transform?: (route: string, body: unknown) => unknown;
  /** Serve Pact's state-change protocol at `{basePath}/_pact/provider-states`, answering these values. */
  stateValues?: Record<string, string>;
}

export interface FakeProvider {
  url: string;
  /** Method, path and query of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

const naive = (timestamp: string): string => timestamp.replace(/Z$/, "");

/** The examples the way the real service serialises them: null optionals, naive timestamps. */
export function realStyleData(): FakeData {
  const evaluations = EVALUATION_EXAMPLES.map((evaluation) => ({
    testset_id: null,
    testset_name: null,
    average_cost: null,
    total_cost: null,
    average_latency: null,
    ...evaluation,
    status: { error: null, ...evaluation.status },
    created_at: naive(evaluation.created_at),
    updated_at: naive(evaluation.updated_at),
  }));
  const human_evaluations = HUMAN_EVALUATION_EXAMPLES.map((h) => ({
    ...h,
    created_at: naive(h.created_at),
    updated_at: naive(h.updated_at),
  }));
  return { evaluations, human_evaluations };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text;
}

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const data = options.data ?? realStyleData();
  const prefix = options.basePath ?? "";
  const transform = options.transform ?? ((_route: string, body: unknown) => body);
  const requests: string[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://provider");
      requests.push(`${request.method ?? "GET"} ${url.pathname}${url.search}`);
      if (!url.pathname.startsWith(`${prefix}/`)) return json(response, 404, { detail: "Not Found" });
      const path = url.pathname.slice(prefix.length).replace(/\/+$/, "");

      if (request.method === "POST" && path === "/_pact/provider-states" && options.stateValues) {
        const change = JSON.parse(await readBody(request)) as { action?: string };
        return json(response, 200, change.action === "teardown" ? {} : options.stateValues);
      }
      const appId = url.searchParams.get("app_id");
      const missingAppId = { detail: [{ loc: ["query", "app_id"], msg: "field required", type: "value_error.missing" }] };
      if (path === "/evaluations" || path === "/human-evaluations") {
        if (appId === null) return json(response, 422, missingAppId);
        const route = path.slice(1);
        const records = route === "evaluations" ? data.evaluations : data.human_evaluations;
        return json(
          response,
          200,
          transform(
            route,
            records.filter((r) => r["app_id"] === appId),
          ),
        );
      }
      const byId = /^\/human-evaluations\/([^/]+)$/.exec(path);
      if (byId) {
        const record = data.human_evaluations.find((r) => r["id"] === decodeURIComponent(byId[1] ?? ""));
        return record
          ? json(response, 200, transform("human-evaluation", record))
          : json(response, 404, { detail: "Evaluation not found" });
      }
      json(response, 404, { detail: "Not Found" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

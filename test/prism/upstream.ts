// A tiny provider for the proxy tests: answers like the real service (trailing slashes, an
// undocumented 404 for an unknown id), or breaks the contract, depending on the app_id asked for.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";

/** Conforms to the published document. */
export const VALID_APP = "valid-app";
/** The real service's habits: null for absent optionals, naive and space-separated timestamps. */
export const REAL_APP = "real-app";
/** Breaks the contract: a missing required property and a number where a string belongs. */
export const BROKEN_APP = "broken-app";

const [finished] = EVALUATION_EXAMPLES;

export const REAL_BODY = [
  {
    ...finished!,
    testset_id: null,
    average_cost: null,
    status: { type: "status", value: "EVALUATION_FINISHED", error: null },
    created_at: "2024-05-17T10:54:19.123000",
    updated_at: "2024-07-10 12:34:56.789012+00:00",
  },
];

const { user_id: _dropped, ...withoutUser } = finished!;
export const BROKEN_BODY = [{ ...withoutUser, id: 42 }];

const BODIES: Record<string, unknown> = {
  [VALID_APP]: EVALUATION_EXAMPLES,
  [REAL_APP]: REAL_BODY,
  [BROKEN_APP]: BROKEN_BODY,
};

export interface Upstream {
  url: string;
  /** Requests the provider received, as "GET /path?query". */
  received: string[];
  close(): Promise<void>;
}

export async function startUpstream(): Promise<Upstream> {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://upstream");
    // Like the real service: every path with or without a trailing slash.
    const path = url.pathname.replace(/(.)\/$/, "$1");
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (path === "/evaluations") {
      const app = url.searchParams.get("app_id");
      if (!app) return send(422, { detail: [{ loc: ["query", "app_id"], msg: "field required", type: "value_error.missing" }] });
      return send(200, BODIES[app] ?? []);
    }
    if (path === `/human-evaluations/${HUMAN_EVALUATION_EXAMPLES[0]!.id}`) return send(200, HUMAN_EVALUATION_EXAMPLES[0]);
    send(404, { detail: path.startsWith("/human-evaluations/") ? "Evaluation not found" : "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

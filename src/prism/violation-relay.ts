// A thin HTTP relay in front of Prism that reports every exchange with Prism's violations.
// Prism only logs violations as decorated text, without saying which request they belong to, and
// not at all when --errors turns them into an error response; what it sends back to the client
// (the sl-violations header, its problem+json body) is structured and tied to the request.
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { listen } from "../io/listen.js";
import { parseProblemBody, parseViolationHeader, type PrismExchange } from "./violation.js";

export interface RelayOptions {
  /** Where Prism listens. */
  target: { host: string; port: number };
  /**
   * Resolves once Prism listens. The relay binds first (so a busy port fails at once, not after
   * Prism's start-up); requests arriving earlier wait for this.
   */
  ready: Promise<unknown>;
  host: string;
  port: number;
  onExchange: (exchange: PrismExchange) => void;
}

export interface RunningRelay {
  port: number;
  close(): Promise<void>;
}

// Hop-by-hop headers describe Prism's connection to the relay, not the relay's to the client.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade"]);

const endToEndHeaders = (message: IncomingMessage): Record<string, string | string[]> =>
  Object.fromEntries(
    Object.entries(message.headers).filter(
      (entry): entry is [string, string | string[]] => !HOP_BY_HOP.has(entry[0]) && entry[1] !== undefined,
    ),
  );

const isProblem = (response: IncomingMessage): boolean => /^application\/problem\+json/i.test(response.headers["content-type"] ?? "");

function relay(options: RelayOptions, agent: Agent, req: IncomingMessage, res: ServerResponse, started: number): void {
  const method = req.method ?? "GET";
  const elapsed = (): number => performance.now() - started;
  const url = req.url ?? "/";
  const upstream = httpRequest({ ...options.target, agent, method, path: url, headers: endToEndHeaders(req) }, (response) => {
    const status = response.statusCode ?? 502;
    const header = response.headers["sl-violations"];
    const violations = typeof header === "string" ? parseViolationHeader(header) : [];
    res.writeHead(status, endToEndHeaders(response));
    if (!isProblem(response)) {
      response.pipe(res);
      response.once("end", () => options.onExchange({ method, url, status, durationMs: elapsed(), violations }));
      return;
    }
    // Prism's own error bodies are small: read them to say what Prism refused and why.
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.once("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      res.end(text);
      const parsed = parseProblemBody(text, status);
      options.onExchange({
        method,
        url,
        status,
        durationMs: elapsed(),
        violations: violations.length > 0 ? violations : (parsed?.violations ?? []),
        ...(parsed ? { problem: parsed.problem } : {}),
      });
    });
  });
  // A client that hangs up early: drop the forwarded request too, and report nothing.
  let abandoned = false;
  res.once("close", () => {
    if (res.writableFinished) return;
    abandoned = true;
    upstream.destroy();
  });
  upstream.once("error", (error) => {
    if (abandoned) return;
    if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
    res.end(JSON.stringify({ detail: `Prism is not answering: ${error.message}` }));
    options.onExchange({
      method,
      url,
      status: 502,
      durationMs: elapsed(),
      violations: [],
      problem: { type: "relay", title: "Prism is not answering", detail: error.message },
    });
  });
  req.pipe(upstream);
}

export async function startViolationRelay(options: RelayOptions): Promise<RunningRelay> {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    // Timed from arrival: a request made during Prism's start-up waits for it, and that is what the client sees.
    const started = performance.now();
    options.ready.then(
      () => relay(options, agent, req, res, started),
      () => res.destroy(),
    );
  });
  let port: number;
  try {
    port = await listen(server, options.port, options.host);
  } catch (error) {
    agent.destroy();
    throw error;
  }
  return {
    port,
    close: () =>
      new Promise<void>((done) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

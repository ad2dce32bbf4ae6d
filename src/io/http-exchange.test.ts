import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createNetServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpExchanger, type ExchangeRequest } from "./http-exchange.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** An HTTP server on port 0 answering with `reply`; what it received is kept in `seen`. */
async function httpServer(reply: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Array<{ method: string; url: string; host: string | undefined; body: string }> = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, host: req.headers.host, body });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, seen };
}

/** A TCP server that answers every connection with `raw` bytes (or nothing, then closes). */
async function rawServer(onSocket: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.once("data", () => onSocket(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const GET = (target: string, extra: Partial<ExchangeRequest> = {}): ExchangeRequest => ({ method: "GET", target, headers: [], ...extra });
const options = (baseUrl: string) => ({ baseUrl, timeoutMs: 2000, maxResponseBytes: 1024, maxSockets: 4 });

describe("createHttpExchanger", () => {
  it("sends the method, raw target, headers and body exactly as given, with Host", async () => {
    const { url, seen } = await httpServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("[]"));
    const exchanger = createHttpExchanger(options(url));
    const outcome = await exchanger.send(
      GET("/human-evaluations/..?app_id[$ne]=x&a=%zz&b=%2e%2e", { method: "PATCH", headers: [["accept", "text/html"]], body: "{}" }),
    );
    exchanger.close();
    expect(outcome).toMatchObject({ answer: { status: 200, text: "[]", headers: { "content-type": "application/json" } } });
    expect(seen).toEqual([
      { method: "PATCH", url: "/api/human-evaluations/..?app_id[$ne]=x&a=%zz&b=%2e%2e", host: new URL(url).host, body: "{}" },
    ]);
  });

  it("decodes gzip, and stops a body past the cap", async () => {
    const { url } = await httpServer((req, res) => {
      if (req.url!.endsWith("/gz")) res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("[1]"));
      else res.writeHead(200).end("x".repeat(5000));
    });
    const exchanger = createHttpExchanger(options(url));
    expect(await exchanger.send(GET("/gz"))).toMatchObject({ answer: { text: "[1]" } });
    const big = await exchanger.send(GET("/big"));
    expect(big).toMatchObject({ answer: { status: 200, tooLarge: true } });
    expect("answer" in big && big.answer.text).toMatch(/^x{1,1024}$/);
    exchanger.close();
  });

  it("turns a reset, malformed HTTP, a timeout and a refused connection into faults", async () => {
    const reset = await rawServer((socket) => socket.resetAndDestroy());
    const malformed = await rawServer((socket) => socket.end("HTTP/1.1 2OO OK\r\nfoo\r\n\r\n"));
    const silent = await rawServer(() => undefined);
    const exchange = (base: string, timeoutMs = 2000) => {
      const exchanger = createHttpExchanger({ ...options(base), timeoutMs });
      return exchanger.send(GET("/x")).finally(() => exchanger.close());
    };
    expect(await exchange(reset)).toMatchObject({ fault: { kind: "reset" } });
    expect(await exchange(malformed)).toMatchObject({
      fault: { kind: "malformed", message: expect.stringMatching(/^malformed HTTP answer/) },
    });
    expect(await exchange(silent, 200)).toMatchObject({ fault: { kind: "timeout", message: "no complete answer within 200 ms" } });
    const closed = await rawServer(() => undefined);
    await Promise.all(closers.splice(-1).map((close) => close()));
    expect(await exchange(closed)).toMatchObject({ fault: { kind: "refused" } });
  });
});

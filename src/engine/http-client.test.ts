import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createNetServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, createGzip, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpClient, type ExchangeRequest } from "./http-client.js";

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
const options = (baseUrl: string) => ({ baseUrl, timeoutMs: 2000, maxResponseBytes: 1024, maxSockets: 4, tool: "verify" as const });

describe("createHttpClient", () => {
  it("sends the method, raw target, headers and body exactly as given, with Host", async () => {
    const { url, seen } = await httpServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("[]"));
    const exchanger = createHttpClient(options(url));
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
    const exchanger = createHttpClient(options(url));
    expect(await exchanger.send(GET("/gz"))).toMatchObject({ answer: { text: "[1]" } });
    const big = await exchanger.send(GET("/big"));
    expect(big).toMatchObject({ answer: { status: 200, tooLarge: true } });
    expect("answer" in big && big.answer.text).toMatch(/^x{1,1024}$/);
    exchanger.close();
  });

  it.each([["gzip", () => createGzip()]])(
    "stops an endless %s body at the cap counted after decompression, long before as many wire bytes",
    async (coding, compressor) => {
      const spaces = Buffer.alloc(64 * 1024, 0x20);
      const { url } = await httpServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-encoding": coding });
        const encoder = compressor();
        encoder.pipe(res);
        res.on("close", () => encoder.destroy());
        const pump = (): void => {
          while (!res.destroyed && encoder.write(spaces));
          if (!res.destroyed) encoder.once("drain", pump);
        };
        encoder.write("[");
        pump();
      });
      const cap = 1024 * 1024;
      const client = createHttpClient({ baseUrl: url, timeoutMs: 10_000, maxResponseBytes: cap, maxSockets: 1, tool: "verify" });
      const outcome = await client.send({ method: "GET", target: "/x", headers: [] });
      client.close();
      if (!("answer" in outcome)) throw new Error(`expected an answer, got ${JSON.stringify(outcome)}`);
      expect(outcome.answer.tooLarge).toBe(true);
      // Before: the cap counted the wire bytes of an encoded body (1 MiB of gzip is about 1 GiB of spaces).
      expect(outcome.answer.bytes).toBeLessThan(cap / 4);
    },
  );

  it("turns a reset, malformed HTTP, a timeout and a refused connection into faults", async () => {
    const reset = await rawServer((socket) => socket.resetAndDestroy());
    const malformed = await rawServer((socket) => socket.end("HTTP/1.1 2OO OK\r\nfoo\r\n\r\n"));
    const silent = await rawServer(() => undefined);
    const exchange = (base: string, timeoutMs = 2000) => {
      const exchanger = createHttpClient({ ...options(base), timeoutMs });
      return exchanger.send(GET("/x")).finally(() => exchanger.close());
    };
    expect(await exchange(reset)).toMatchObject({ fault: { kind: "reset" } });
    expect(await exchange(malformed)).toMatchObject({
      fault: { kind: "malformed", message: expect.stringMatching(/^malformed HTTP answer/) },
    });
    expect(await exchange(silent, 200)).toMatchObject({ fault: { kind: "timeout", message: "no answer for 200 ms (--timeout)" } });
    const closed = await rawServer(() => undefined);
    await Promise.all(closers.splice(-1).map((close) => close()));
    expect(await exchange(closed)).toMatchObject({ fault: { kind: "refused" } });
  });

  it("undoes every coding of a list in reverse, and makes a lying Content-Encoding a decoding fault", async () => {
    const body = Buffer.from('[{"id":"1"}]');
    const variants: Record<string, [string, Buffer]> = {
      "/gzip-over-plain": ["gzip", body],
      "/deflate-over-plain": ["deflate", body],
      "/br-over-plain": ["br", body],
      "/gzip-twice-said-once": ["gzip", gzipSync(gzipSync(body))],
      "/br-gzip-said-gzip": ["gzip", gzipSync(brotliCompressSync(body))],
      "/unknown-coding": ["zstd", body],
      "/br-gzip": ["br, gzip", gzipSync(brotliCompressSync(body))],
      "/gzip-gzip": ["gzip, gzip", gzipSync(gzipSync(body))],
      "/deflate": ["deflate", deflateSync(body)],
      "/identity": ["identity", body],
    };
    const { url } = await httpServer((req, res) => {
      const [encoding, bytes] = variants[req.url!.replace(/^\/api/, "")]!;
      res.writeHead(200, { "content-type": "application/json", "content-encoding": encoding }).end(bytes);
    });
    const client = createHttpClient(options(url));
    const outcomes = Object.fromEntries(
      await Promise.all(Object.keys(variants).map(async (path) => [path, await client.send(GET(path))] as const)),
    );
    client.close();
    for (const path of ["/br-gzip", "/gzip-gzip", "/deflate", "/identity"])
      expect(outcomes[path], path).toMatchObject({ answer: { status: 200, text: body.toString() } });
    for (const path of [
      "/gzip-over-plain",
      "/deflate-over-plain",
      "/br-over-plain",
      "/gzip-twice-said-once",
      "/br-gzip-said-gzip",
      "/unknown-coding",
    ])
      expect(outcomes[path], path).toMatchObject({ fault: { kind: "decoding", message: expect.stringContaining("Content-Encoding") } });
  });

  it("follows same-origin redirects when asked, recording each; stops at another origin, credentials and loops", async () => {
    const { url, seen } = await httpServer((req, res) => {
      const path = req.url!.replace(/^\/api/, "");
      if (path === "/evaluations") res.writeHead(307, { location: `${new URL(url).pathname}/evaluations/` }).end();
      else if (path === "/away") res.writeHead(302, { location: "http://elsewhere.invalid/api/x" }).end();
      else if (path === "/creds") res.writeHead(302, { location: `http://user:secret@${new URL(url).host}/api/x` }).end();
      else if (path.startsWith("/loop")) res.writeHead(302, { location: `${new URL(url).pathname}/loop${path.length}` }).end();
      else res.writeHead(200, { "content-type": "application/json" }).end("[]");
    });
    const client = createHttpClient({ ...options(url), followRedirects: true });
    const followed = await client.send(GET("/evaluations"));
    expect(followed).toMatchObject({ answer: { status: 200 }, redirects: [{ status: 307, followed: true }] });
    expect(await client.send(GET("/away"))).toMatchObject({
      answer: { status: 302 },
      redirects: [{ followed: false, stop: "cross-origin" }],
    });
    const creds = await client.send(GET("/creds"));
    expect(creds).toMatchObject({ redirects: [{ followed: false, stop: "credentials" }] });
    expect(JSON.stringify(creds.redirects)).not.toContain("secret");
    const loop = await client.send(GET("/loop"));
    expect(loop.redirects?.at(-1)).toMatchObject({ stop: "too-many" });
    client.close();
    // Not asked to follow: the 3xx is the answer.
    const plain = createHttpClient(options(url));
    expect(await plain.send(GET("/evaluations"))).toMatchObject({ answer: { status: 307 } });
    plain.close();
    expect(seen.filter((r) => r.url === "/api/evaluations/")).toHaveLength(1);
  });
});

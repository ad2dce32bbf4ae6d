// Issue 23: against a server whose keep-alive ends (5 s in uvicorn and Node), a request can meet a
// pooled connection the server closed while it sat idle: "connection closed before an answer". The
// GET is retried once on a new connection (as undici and browsers do for idempotent requests); a
// server that closes every connection still ends in one clear E_PROVIDER_UNREACHABLE line.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { assertReachable, createProviderClient } from "../../src/engine/provider-client.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";

afterEach(closeTestServers);

/** A server that answers `[]`, but closes a connection without an answer on its request number `closeOn` (0: every request). */
async function server(closeOn: number): Promise<{ url: string; connections: () => number }> {
  const served = new WeakMap<Socket, number>();
  let connections = 0;
  const s = createServer((request, response) => {
    const n = (served.get(request.socket) ?? 0) + 1;
    served.set(request.socket, n);
    if (closeOn === 0 || n === closeOn) return request.socket.destroy();
    response.writeHead(200, { "content-type": "application/json" }).end("[]");
  });
  s.on("connection", () => connections++);
  await listenForTest(s);
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, connections: () => connections };
}

describe("reliability: a kept-alive connection the server closed", () => {
  it("the GET that meets it is retried once on a new connection", async () => {
    const { url, connections } = await server(2);
    const client = createProviderClient({ baseUrl: url, timeoutMs: 5_000, concurrency: 1 });
    expect((await client.get("/evaluations")).status).toBe(200);
    // The second request goes out on the pooled connection, which the server closes unanswered.
    expect((await client.get("/human-evaluations")).status).toBe(200);
    expect(connections()).toBe(2);
  });

  it("a server that closes every connection is one clear error, before anything else is sent", async () => {
    const { url, connections } = await server(0);
    const client = createProviderClient({ baseUrl: url, timeoutMs: 5_000, concurrency: 1 });
    const response = await client.get("/evaluations");
    expect(() => assertReachable(client, response)).toThrow(
      expect.objectContaining({
        code: "E_PROVIDER_UNREACHABLE",
        message: expect.stringMatching(/closed before a complete answer \(ECONNRESET\) \(GET \/evaluations\)$/),
      }),
    );
    client.close();
    // A fresh connection closed is the server's answer, not a stale kept-alive one: no retry.
    expect(connections()).toBe(1);
  });
});

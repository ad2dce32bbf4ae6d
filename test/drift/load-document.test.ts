// drift loads a URL through the engine's one HTTP client (src/engine/http-client.ts): its User-Agent
// says `drift`, the base URL's credentials go as Basic auth, and its limits hold: 64 MiB after
// decompression (test/reliability/hostile-drift.test.ts) and one overall time (15 s by default).
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { loadOpenApiDocument } from "../../src/drift/index.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";

afterEach(closeTestServers);

const DOCUMENT = readFileSync("reference/recordings/openapi.json", "utf8");

async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<number> {
  const server = createServer(handle);
  await listenForTest(server);
  return (server.address() as AddressInfo).port;
}

describe("loadOpenApiDocument over HTTP, on the engine's client", () => {
  it("sends the toolkit's User-Agent naming drift, and the URL's credentials as Basic auth", async () => {
    const seen: IncomingMessage["headers"][] = [];
    const port = await serve((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { "content-type": "application/json" }).end(DOCUMENT);
    });
    const document = await loadOpenApiDocument(`http://user:pw@127.0.0.1:${port}/openapi.json?v=1`);
    expect(document).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    expect(seen).toHaveLength(1);
    expect(seen[0]!["user-agent"]).toMatch(/^evals-contract\/\S+ \(drift\)$/);
    expect(seen[0]!.authorization).toBe(`Basic ${Buffer.from("user:pw").toString("base64")}`);
  });

  it("holds one overall time: a document dripped a byte at a time stops at timeoutMs", async () => {
    const port = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write("{");
      const drip = setInterval(() => response.write(" "), 20);
      response.on("close", () => clearInterval(drip));
    });
    const started = performance.now();
    const error = await loadOpenApiDocument(`http://127.0.0.1:${port}/openapi.json`, { timeoutMs: 300 }).catch((e: unknown) => e);
    const ms = performance.now() - started;
    console.log(`dripped document given up after ${ms.toFixed(0)} ms (timeoutMs 300)`);
    expect(error).toMatchObject({
      code: "E_PROVIDER_UNREACHABLE",
      message: expect.stringMatching(/^cannot fetch http:\/\/127\.0\.0\.1:\d+\/openapi\.json \(/),
    });
    expect(ms).toBeLessThan(5_000);
  });

  it.each([
    [404, "E_PROVIDER_UNREACHABLE", /answered 404$/],
    [200, "E_OPENAPI_INVALID", /is not an OpenAPI 3\.0 or 3\.1 document/],
  ])("a %i answer: %s, one line", async (status, code, message) => {
    const port = await serve((_request, response) =>
      response.writeHead(status, { "content-type": "application/json" }).end('{"swagger":"2.0"}'),
    );
    await expect(loadOpenApiDocument(`http://127.0.0.1:${port}/openapi.json`)).rejects.toMatchObject({
      code,
      message: expect.stringMatching(message),
    });
  });
});

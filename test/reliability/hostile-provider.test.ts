// Issue 12, a hostile provider under verification: bodies past the cap (declared huge, endless, a
// gzip bomb) and absurdly deep JSON end in an error finding naming the endpoint and the limit, with
// memory bounded by the cap. The servers stream their bodies: nothing big is allocated here.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { verifyProvider } from "../../src/verify/index.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";

const APP = "666dde95962bbaffdb0072b5";
const ZEROS = Buffer.alloc(64 * 1024, 0x20); // spaces: JSON whitespace, endless and harmless

/** Writes `chunk` until the client goes away, honouring backpressure. */
function writeForever(out: NodeJS.WritableStream & { destroyed?: boolean }, chunk: Buffer): void {
  const pump = (): void => {
    while (!out.destroyed && out.write(chunk));
    if (!out.destroyed) out.once("drain", pump);
  };
  out.write("[");
  pump();
}

type Body = (response: ServerResponse) => void;

const BODIES: Record<string, Body> = {
  "declared 500 MB": (response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": 500 * 1024 * 1024 });
    writeForever(response, ZEROS);
  },
  endless: (response) => {
    response.writeHead(200, { "content-type": "application/json" });
    writeForever(response, ZEROS);
  },
  "gzip bomb": (response) => {
    response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
    const gzip = createGzip();
    gzip.pipe(response);
    response.on("close", () => gzip.destroy());
    writeForever(gzip, ZEROS);
  },
  "100,000-deep JSON": (response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end("[".repeat(100_000) + "]".repeat(100_000));
  },
};

afterEach(closeTestServers);

/** A provider whose evaluation list answers with `body`; everything else is an empty list. */
async function provider(body: Body): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url?.startsWith("/evaluations")) return body(response);
    response.writeHead(200, { "content-type": "application/json" }).end("[]");
  });
  await listenForTest(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const rows: Array<[string, { limit?: number; rule: string; message: RegExp }]> = [
  ["declared 500 MB", { rule: "response-too-large", message: /larger than 67,108,864 bytes \(--max-response-bytes/ }],
  ["endless", { limit: 1 << 20, rule: "response-too-large", message: /larger than 1,048,576 bytes/ }],
  ["gzip bomb", { limit: 1 << 20, rule: "response-too-large", message: /larger than 1,048,576 bytes .*counted after decompression/ }],
  ["100,000-deep JSON", { rule: "max-depth", message: /more than 1000 levels deep/ }],
];

describe("reliability: hostile provider bodies", () => {
  it.each(rows)(
    "%s body: an error finding naming the endpoint and the limit",
    async (name, want) => {
      const baseUrl = await provider(BODIES[name]!);
      const report = await verifyProvider({
        baseUrl,
        appId: APP,
        pact: false,
        timeoutMs: 20_000,
        ...(want.limit === undefined ? {} : { maxResponseBytes: want.limit }),
      });
      const hits = report.checks.flatMap((c) =>
        c.findings.filter((f) => f.rule === want.rule).map((f) => ({ ...f, endpoint: c.endpoint })),
      );
      expect(hits.length).toBeGreaterThan(0);
      expect(hits[0]).toMatchObject({
        severity: "error",
        endpoint: expect.stringMatching(/^GET \/evaluations/),
        message: expect.stringMatching(want.message),
      });
      expect(hits[0]!.request).toMatch(/^GET \/evaluations/);
      expect(report.verdict).toBe("fail");
    },
    // The gzip bomb takes about 10 s on a quiet 2-core box (the server compresses every body it sends);
    // a loaded one took past 30 s: a bound for a hung run, not a timing.
    120_000,
  );
});

// Issue 23, a provider whose Content-Encoding lies: gzip, br or deflate over an uncompressed body.
// Every decoding failure is an error finding on that request and the run ends (the library settles,
// the CLI prints its report and exits 1); a body that stalls mid-read ends in the timeout.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { verifyProvider } from "../../src/verify/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";

const APP = "666dde95962bbaffdb0072b5";
const RECORDS = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: `id-${i}`, note: "plain bytes, not compressed" })));

afterEach(closeTestServers);

/** A provider whose every answer claims `encoding` over plain JSON (the app's list included). */
async function lyingProvider(encoding: string, body = RECORDS): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-encoding": encoding });
    response.end(body);
  });
  await listenForTest(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const rows: Array<[string, { encoding: string; body?: string; reason: RegExp }]> = [
  ["gzip over plain JSON", { encoding: "gzip", reason: /Content-Encoding: gzip \(incorrect header check\)/ }],
  ["br over plain JSON", { encoding: "br", reason: /Content-Encoding: br \(Decompression failed\)/ }],
  ["deflate over plain JSON", { encoding: "deflate", reason: /Content-Encoding: deflate \(/ }],
  ["gzip over a two-byte body", { encoding: "gzip", body: "[]", reason: /Content-Encoding: gzip/ }],
];

describe("reliability: a Content-Encoding that does not decode", () => {
  it.each(rows)("%s: an error finding content-encoding on the request, the run settles", async (_name, want) => {
    const baseUrl = await lyingProvider(want.encoding, want.body);
    const report = await verifyProvider({ baseUrl, appId: APP, pact: false, timeoutMs: 5_000 });
    const hits = report.checks.flatMap((c) => c.findings.filter((f) => f.rule === "content-encoding"));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ severity: "error", path: "$", request: expect.stringMatching(/^GET \/evaluations/) });
    expect(hits[0]!.message).toMatch(want.reason);
    expect(report.verdict).toBe("fail");
  });

  it("the CLI prints the report with the finding and exits 1 (not 13 with nothing)", async () => {
    const baseUrl = await lyingProvider("gzip");
    const { code, stdout, stderr } = await runCliCaptured([
      "verify",
      "--base-url",
      baseUrl,
      "--app-id",
      APP,
      "--no-pact",
      "--timeout",
      "5000",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(1);
    expect(stdout).toMatch(/content-encoding/);
    expect(stdout).toMatch(/FAIL/);
  });

  it("a body that stalls mid-read is a transport finding (a slow answer is never 'unreachable'), and the run settles", async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      response.write(Buffer.from([0x1f, 0x8b])); // the start of a gzip header, then nothing
    });
    await listenForTest(server);
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const report = await verifyProvider({ baseUrl, appId: APP, pact: false, timeoutMs: 300, allowEmptyApp: true });
    expect(report.verdict).toBe("fail");
    const transport = report.checks.flatMap((c) => c.findings).filter((f) => f.check === "transport");
    expect(transport.length).toBeGreaterThan(0);
    expect(transport[0]).toMatchObject({ severity: "error", rule: "transport", message: "no byte of the body for 300 ms (--timeout)" });
  });
});

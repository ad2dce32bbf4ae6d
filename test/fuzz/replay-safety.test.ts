// Issue 39, "Replay": `fuzz --replay` never lies and sends nothing fuzz would not. A provider that
// refuses every connection was "27 fixed"; a crafted report made it send a DELETE with a 123-byte
// body, the run's Authorization, `Host: internal.admin` and two framings at once; --max-requests and
// --time-limit were ignored; the notes said "seed 0" and counted warnings as failures. What the
// provider receives is observed on the socket (test/helpers/raw-server.ts), not taken from the code.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { replayCases, replayFailures } from "../../src/fuzz/index.js";
import { toolkitVersion } from "../../src/io/toolkit-version.js";
import type { Report } from "../../src/report/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { startRawServer, type RawRequest } from "../helpers/raw-server.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { createFaultyProvider, json, providerUrl } from "./faulty-providers.js";

afterEach(closeTestServers);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "evals-replay-"));
});

interface Sent {
  method: string;
  path: string;
  query: Array<[string, string | null]>;
  headers: Array<[string, string]>;
  body?: string;
}

/** A finding of a fuzz report's JSON, as fuzz writes it. */
const finding = (over: Partial<{ check: string; operation: string; severity: string; cause: string }> = {}, sent: Partial<Sent> = {}) => ({
  check: "server-error",
  operation: "getHumanEvaluation",
  severity: "error",
  cause: "500 boom",
  message: "500",
  sent: { method: "GET", path: "/human-evaluations/zz", query: [], headers: [["accept", "application/json"]], ...sent },
  ...over,
});

let files = 0;
function reportFile(findings: unknown[]): string {
  const file = join(dir, `report-${files++}.json`);
  writeFileSync(file, JSON.stringify({ tool: "fuzz", properties: { appId: APP_A }, findings }));
  return file;
}

/** A port nothing listens on: one a server had, closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The 500 of the cases above for `/human-evaluations/zz`, a FastAPI 404 for any other id, 405 without Allow for a write. */
const answerAsBefore = (request: RawRequest) => {
  const [method = "", target = ""] = request.line.split(" ");
  if (method !== "GET") return { status: 405, body: '{"detail":"Method Not Allowed"}' };
  return target.split("?")[0]!.endsWith("/zz")
    ? { status: 500, body: '{"detail":"boom"}' }
    : { status: 404, body: '{"detail":"Not Found"}' };
};

describe("fuzz --replay: an unreachable provider is never fixed", () => {
  it('a provider that refuses every connection is exit 2, "cannot reach", never "27 fixed"', async () => {
    const file = reportFile(Array.from({ length: 27 }, () => finding()));
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await runCliCaptured(["fuzz", "--replay", file, "--base-url", url]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(
      /cannot reach the provider at http:\/\/127\.0\.0\.1:\d+: connection refused by 127\.0\.0\.1:\d+ \(GET \/human-evaluations\?app_id=\w+\)/,
    );
    expect(result.stdout).not.toMatch(/fixed/);
    // Credentials in --base-url are sent, never printed.
    const secret = await runCliCaptured(["fuzz", "--replay", file, "--base-url", url.replace("//", "//me:s3cr3t-pw@")]);
    expect(secret.code).toBe(2);
    expect(secret.stderr).toMatch(/cannot reach the provider at http:\/\/\[redacted\]@127/);
    expect(secret.stdout + secret.stderr).not.toContain("s3cr3t-pw");
    // The library says the same.
    const cases = replayCases(JSON.parse(readFileSync(file, "utf8")), file);
    await expect(replayFailures({ baseUrl: url, appId: APP_A, cases, source: file })).rejects.toMatchObject({
      code: "E_PROVIDER_UNREACHABLE",
    });
  });

  it("a provider gone after the first request: the rest are not replayed, never fixed", async () => {
    for (const first of [500, 404] as const) {
      // Lists the app's records (none), answers one replayed request, then stops listening and drops its connections.
      let answered = 0;
      const server: Server = createServer((request, response) => {
        if (answered++ === 0) return void response.writeHead(200, { "content-type": "application/json" }).end("[]");
        response.on("finish", () => {
          server.close();
          server.closeAllConnections();
        });
        response
          .writeHead(first, { "content-type": "application/json" })
          .end(JSON.stringify({ detail: first === 500 ? "boom" : "Not Found" }));
      });
      await listenForTest(server);
      const file = reportFile(Array.from({ length: 8 }, () => finding()));
      const result = await runCliCaptured([
        "fuzz",
        "--replay",
        file,
        "--base-url",
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      ]);
      const counts =
        first === 500
          ? "1 still fails the same way (1 error, 0 warnings), 0 fixed"
          : "0 still fail the same way, 1 fixed (1 error, 0 warnings)";
      expect(result.stdout).toContain(`: ${counts}, 7 not replayed (2 left by the provider refusing 5 connections in a row)`);
      expect(result.stdout).toMatch(
        /Note: not replayed: server-error on getHumanEvaluation \(500 boom\): GET \/human-evaluations\/zz did not reach the provider: connection refused/,
      );
      // Still failing: exit 1; nothing failing but not all replayed: INCOMPLETE, exit 2.
      expect(result.code).toBe(first === 500 ? 1 : 2);
      expect(result.stdout.trimEnd().split("\n").at(-1)).toBe(
        first === 500 ? "FAIL: replayed failures still fail" : "INCOMPLETE: 7 failures not replayed: nothing can be called fixed",
      );
    }
  });

  it("a 404 for one of the app's own records still fails: the replay lists them first, as fuzz does", async () => {
    // The provider lists its records but answers 404 for one of them with a trailing slash: a missing route.
    const provider = createFaultyProvider((request) =>
      request.operationId === "getHumanEvaluation" && request.rawPath.endsWith("/") && /^[0-9a-f]{24}$/.test(request.evaluationId ?? "")
        ? json(404, { detail: "Not Found" })
        : undefined,
    );
    await listenForTest(provider.server);
    const url = providerUrl(provider.server);
    const reportPath = join(dir, "own-record.json");
    const run = await runCliCaptured([
      "fuzz",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--seed",
      "1",
      "--max-requests",
      "250",
      "--json",
      reportPath,
    ]);
    expect(run.code).toBe(1);
    const status = (JSON.parse(readFileSync(reportPath, "utf8")) as Report).findings.filter((f) => f.check === "status");
    expect(status.length).toBeGreaterThan(0);
    const replay = await runCliCaptured(["fuzz", "--replay", reportPath, "--base-url", url]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).not.toMatch(/fixed: status/);
    expect(replay.stdout).toMatch(/: \d+ still fails? the same way \(\d+ errors?, \d+ warnings?\), 0 fixed/);
  });

  it("a 1 MB cause from the file is cut in the notes, and a note holds no raw control character", async () => {
    const server = await startRawServer(() => ({ status: 404, body: '{"detail":"Not Found"}' }));
    const file = reportFile([finding({ cause: `\u001b[2J${"x".repeat(1_000_000)}` })]);
    const result = await runCliCaptured(["fuzz", "--replay", file, "--base-url", server.url]);
    expect(result.code).toBe(0);
    const note = result.stdout.split("\n").find((line) => line.startsWith("Note: fixed: "))!;
    expect(note.length).toBeLessThan(400);
    expect(note).toContain("fixed: server-error on getHumanEvaluation (\\x1b[2Jxxx");
    expect(result.stdout).not.toContain("\u001b");
  });

  it("a response-time failure replayed without --max-response-time is not replayed, never fixed", async () => {
    const server = await startRawServer(() => ({ status: 404, body: '{"detail":"Not Found"}' }));
    // Thousands of them make two notes, not thousands of lines.
    const many = reportFile(Array.from({ length: 5000 }, () => finding({ check: "response-time", cause: "slower than 100 ms" })));
    const lots = await runCliCaptured(["fuzz", "--replay", many, "--base-url", server.url]);
    expect(lots.code).toBe(2);
    expect(lots.stdout).toContain(": 0 still fail the same way, 0 fixed, 5,000 not replayed");
    expect(lots.stdout).toContain("Note: not replayed: 5,000 response-time failures in all, for want of --max-response-time");
    expect(lots.stdout.split("\n").filter((line) => line.startsWith("Note: not replayed")).length).toBe(2);
    const file = reportFile([finding({ check: "response-time", cause: "slower than 100 ms" })]);
    const result = await runCliCaptured(["fuzz", "--replay", file, "--base-url", server.url]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(": 0 still fail the same way, 0 fixed, 1 not replayed");
    expect(result.stdout).toContain("a response-time failure is judged only with --max-response-time");
    // With the bound it is judged: a quick answer is a fix.
    const bounded = await runCliCaptured(["fuzz", "--replay", file, "--base-url", server.url, "--max-response-time", "5000"]);
    expect(bounded.code).toBe(0);
    expect(bounded.stdout).toContain(": 0 still fail the same way, 1 fixed (1 error, 0 warnings)");
  });

  it("another error on the same request is no fix", async () => {
    const server = await startRawServer(() => ({ status: 500, body: '{"detail":"another"}' }));
    const result = await runCliCaptured(["fuzz", "--replay", reportFile([finding()]), "--base-url", server.url]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(": 0 still fail the same way, 1 fails another way, 0 fixed");
    expect(result.stdout).toContain(
      "Note: fails another way: server-error on getHumanEvaluation (500 boom): GET /human-evaluations/zz now fails server-error (500 another)",
    );
  });
});

describe("fuzz --replay sends only what fuzz sends", () => {
  // Each a report fuzz never writes; each refused whole, one line, exit 2, before a byte is sent.
  const crafted: Array<[string, unknown, RegExp]> = [
    [
      "the issue's: DELETE, a 123-byte body, Authorization, Host and two framings",
      finding(
        {},
        {
          method: "DELETE",
          headers: [
            ["authorization", "Bearer stolen"],
            ["host", "internal.admin"],
            ["content-length", "123"],
            ["transfer-encoding", "chunked"],
          ],
          body: "x".repeat(123),
        },
      ),
      /header "authorization" is never taken from a report/,
    ],
    ["a Host", finding({}, { headers: [["host", "internal.admin"]] }), /header "host" is never taken from a report/],
    ["a Content-Length", finding({}, { headers: [["content-length", "0"]] }), /header "content-length" is never taken/],
    ["a Transfer-Encoding", finding({}, { headers: [["transfer-encoding", "chunked"]] }), /header "transfer-encoding" is never taken/],
    ["a Connection", finding({}, { headers: [["connection", "close"]] }), /header "connection" is never taken/],
    ["an Upgrade", finding({}, { headers: [["upgrade", "websocket"]] }), /header "upgrade" is never taken/],
    ["a Cookie", finding({}, { headers: [["cookie", "session=1"]] }), /header "cookie" is never taken/],
    ["an X-HTTP-Method-Override", finding({}, { headers: [["x-http-method-override", "DELETE"]] }), /never taken/],
    ["another header", finding({}, { headers: [["x-admin", "1"]] }), /header "x-admin" is none fuzz sends/],
    ["an upper-case Accept", finding({}, { headers: [["Accept", "application/json"]] }), /header "Accept" is none fuzz sends/],
    [
      "an accept fuzz never sends",
      finding({}, { headers: [["accept", "text/html\tx"]] }),
      /accept "text\/html\\tx" is no value fuzz sends/,
    ],
    [
      "accept twice",
      finding(
        {},
        {
          headers: [
            ["accept", "*/*"],
            ["accept", "*/*"],
          ],
        },
      ),
      /header accept is given twice/,
    ],
    ["content-type without a body", finding({}, { headers: [["content-type", "application/json"]] }), /content-type is sent only/],
    ["a CR LF in a header value", finding({}, { headers: [["accept", "a\r\nHost: x"]] }), /no value fuzz sends/],
    ["TRACE", finding({}, { method: "TRACE" }), /method "TRACE" is none fuzz sends/],
    ["CONNECT", finding({}, { method: "CONNECT" }), /method "CONNECT" is none fuzz sends/],
    ["a body on a GET", finding({}, { body: "{}" }), /a GET carries no body/],
    ["a 3-byte body on a POST", finding({}, { method: "POST", body: "{ }" }), /body is more than 2 bytes/],
    ["a 2-character, 4-byte body", finding({}, { method: "PUT", body: "éé" }), /body is more than 2 bytes/],
    ["a path off the operation", finding({}, { path: "/_admin/users" }), /path "\/_admin\/users" is not the path of getHumanEvaluation/],
    [
      "a path of another operation",
      finding({ operation: "listEvaluations" }, { path: "/human-evaluations" }),
      /not the path of listEvaluations/,
    ],
    ["a by-id path with a slash", finding({}, { path: "/human-evaluations/a/../../admin" }), /not the path of getHumanEvaluation/],
    ["an absolute URL as path", finding({}, { path: "//internal.admin/x" }), /not the path of getHumanEvaluation/],
    ["a space in the path", finding({}, { path: "/human-evaluations/a b" }), /path holds a character fuzz never sends raw/],
    ["a CR LF in the path", finding({}, { path: "/human-evaluations/a\r\nHost: x" }), /path holds a character/],
    ["a raw non-ASCII query", finding({}, { query: [["app_id", "é"]] }), /query value of "app_id" holds a character fuzz never sends raw/],
    ["an & in a query value", finding({}, { query: [["app_id", "a&admin=1"]] }), /query value of "app_id"/],
    [
      "a 40 KB target",
      finding({}, { query: [["q", "a".repeat(40_000)]] }),
      /path and query are 40,0\d\d characters, past the 32,768 a replay sends/,
    ],
    ["an unknown severity", finding({ severity: "info" }), /severity is neither "error" nor "warning"/],
    ["an ESC in a header name", finding({}, { headers: [["x\u001b[2Jy", "1"]] }), /header "x\\u001b\[2Jy" is none fuzz sends/],
    ["a bidi override in the path", finding({}, { path: "/human-evaluations/\u202egnp.exe" }), /path holds a character/],
  ];

  for (const [name, bad, message] of crafted)
    it(`refuses ${name}: one line, exit 2, nothing received`, async () => {
      const server = await startRawServer();
      const file = reportFile([finding(), bad]);
      const result = await runCliCaptured([
        "fuzz",
        "--replay",
        file,
        "--base-url",
        server.url,
        "--header",
        "Authorization: Bearer run-secret",
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toContain(`findings[1]`);
      expect(result.stderr).toMatch(message);
      expect(server.received().length).toBe(0);
      // eslint-disable-next-line no-control-regex -- raw control characters are what must not reach the terminal
      expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    });

  it("the library holds cases built by hand to the same rule: E_USAGE, nothing sent", async () => {
    const server = await startRawServer();
    const [good] = replayCases({ tool: "fuzz", findings: [finding()] }, "inline");
    const crafted = { ...good!, request: { ...good!.request, headers: [["host", "internal.admin"]] as Array<[string, string]> } };
    await expect(replayFailures({ baseUrl: server.url, appId: APP_A, cases: [good!, crafted], source: "inline" })).rejects.toMatchObject({
      code: "E_USAGE",
      message: expect.stringMatching(/^replayFailures: cases\[1\]\.request: header "host" is never taken from a report/),
    });
    expect(server.received().length).toBe(0);
  });

  it("what a real report's replay puts on the socket is what fuzz sent: its methods, its headers, one framing, bodies of 2 bytes", async () => {
    // Writes taken (200: a `method` error each), malformed ids a 500, an odd Accept answered in HTML.
    const provider = createFaultyProvider((request) => {
      if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS") return json(200, []);
      if (request.operationId === "getHumanEvaluation" && !/^[0-9a-f]{24}$/.test(request.evaluationId ?? ""))
        return json(500, { detail: `no record ${request.evaluationId}` });
      if (request.headers.accept === "text/html") return { status: 200, headers: { "content-type": "text/html" }, body: "<p>" };
      return undefined;
    });
    await listenForTest(provider.server);
    const reportPath = join(dir, "fuzz.json");
    const run = await runCliCaptured([
      "fuzz",
      "--base-url",
      providerUrl(provider.server),
      "--app-id",
      APP_A,
      "--seed",
      "1",
      "--max-requests",
      "400",
      "--json",
      reportPath,
    ]);
    expect(run.code).toBe(1);
    const written = JSON.parse(readFileSync(reportPath, "utf8")) as Report;
    expect(written.findings.some((f) => f.sent !== undefined && f.sent.method !== "GET")).toBe(true);
    // The shrinker drops a body the failure does not need: add fuzz's own POST with its `{}`.
    written.findings.push({
      ...finding(
        { check: "method", severity: "error", cause: "POST 200" },
        {
          method: "POST",
          headers: [
            ["accept", "application/json"],
            ["content-type", "application/json"],
          ],
          body: "{}",
        },
      ),
    } as unknown as Report["findings"][number]);
    writeFileSync(reportPath, JSON.stringify(written));
    const failing = written.findings.filter((f) => f.known !== true);

    const server = await startRawServer();
    const replay = await runCliCaptured(["fuzz", "--replay", reportPath, "--base-url", server.url, "--header", "X-Tenant: t1"]);
    expect(replay.stderr).toBe("");
    // First the app's records, as fuzz's discovery lists them; then each failure's request.
    expect(server.requests).toHaveLength(failing.length + 1);
    expect(server.requests[0]!.line).toBe(`GET /human-evaluations?app_id=${APP_A} HTTP/1.1`);
    const host = server.url.replace("http://", "");
    server.requests.slice(1).forEach((raw, i) => {
      const sent = failing[i]!.sent!;
      const [method, target, version] = raw.line.split(" ");
      expect([method, version]).toEqual([sent.method, "HTTP/1.1"]);
      expect(target).toBe(
        sent.query.length === 0 ? sent.path : `${sent.path}?${sent.query.map(([n, v]) => (v === null ? n : `${n}=${v}`)).join("&")}`,
      );
      expect(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]).toContain(method);
      const names = raw.headers.map(([name]) => name.toLowerCase());
      // The run's own header, the file's accept and content-type, what the client frames with and the
      // toolkit's User-Agent (issue 40: the mock tells a tool's requests from a consumer's): nothing else.
      for (const name of names)
        expect(["host", "x-tenant", "accept", "content-type", "content-length", "connection", "user-agent"]).toContain(name);
      expect(raw.headers.filter(([name]) => name.toLowerCase() === "user-agent")).toEqual([
        ["user-agent", `evals-contract/${toolkitVersion()} (replay)`],
      ]);
      expect(raw.headers.filter(([name]) => name.toLowerCase() === "host")).toEqual([["host", host]]);
      // One framing: a Content-Length, once on a write (0 when fuzz's shrinker dropped the body), never chunked.
      expect(names.filter((name) => name === "content-length").length).toBe(
        ["POST", "PUT", "PATCH"].includes(method!) || raw.body.length > 0 ? 1 : 0,
      );
      expect(names).not.toContain("transfer-encoding");
      expect(raw.body.length).toBeLessThanOrEqual(2);
      if (raw.body.length > 0) expect(["POST", "PUT", "PATCH", "DELETE"]).toContain(method);
      expect(raw.body.toString()).toBe(sent.body ?? "");
    });
    // Nothing beyond the framed requests reached the socket (no second request smuggled in a body).
    expect(server.received().length).toBe(server.requests.reduce((n, r) => n + r.headBytes.length + r.body.length, 0));
  });
});

describe("fuzz --replay: limits and messages", () => {
  it("--max-requests holds: 5 of 30 sent, the rest not replayed, INCOMPLETE", async () => {
    const server = await startRawServer(() => ({ status: 404, body: '{"detail":"Not Found"}' }));
    const result = await runCliCaptured([
      "fuzz",
      "--replay",
      reportFile(Array.from({ length: 30 }, () => finding())),
      "--base-url",
      server.url,
      "--max-requests",
      "5",
    ]);
    expect(server.requests).toHaveLength(1 + 5);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      ": 0 still fail the same way, 5 fixed (5 errors, 0 warnings), 25 not replayed (25 left by --max-requests 5)",
    );
  });

  it("--time-limit holds: a slow provider stops the replay at the limit", { timeout: 30_000 }, async () => {
    let received = 0;
    const slow = createServer((request, response) => {
      received++;
      setTimeout(() => response.writeHead(404, { "content-type": "application/json" }).end('{"detail":"Not Found"}'), 400);
    });
    await listenForTest(slow);
    const result = await runCliCaptured([
      "fuzz",
      "--replay",
      reportFile(Array.from({ length: 30 }, () => finding())),
      "--base-url",
      `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
      "--time-limit",
      "1s",
    ]);
    // 30 x 400 ms was 12 s; the limit stops it after the few that fit (one at a time) and the one in flight.
    expect(received).toBeLessThan(6);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/, \d+ not replayed \(\d+ left by the time limit\)/);
  });

  it("counts errors and warnings apart, and says no seed", async () => {
    const server = await startRawServer(answerAsBefore);
    const warning = finding(
      { check: "method", severity: "warning", cause: "POST 405 without Allow" },
      {
        method: "POST",
        headers: [
          ["accept", "application/json"],
          ["content-type", "application/json"],
        ],
        body: "{}",
      },
    );
    const file = reportFile([finding(), finding({}, { query: [["x", "1"]] }), warning]);
    const json = join(dir, "replay.json");
    const result = await runCliCaptured(["fuzz", "--replay", file, "--base-url", server.url, "--json", json]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `Note: replayed 3 of the 3 failures of ${file} (2 errors, 1 warning): 3 still fail the same way (2 errors, 1 warning), 0 fixed`,
    );
    expect(result.stdout).toMatch(/^Replaying the 3 failures of .* against http:\/\/127\.0\.0\.1:\d+ \(app_id \w+\)$/m);
    expect(result.stdout).toMatch(/; 2 errors, 1 warning; 4 requests in /);
    expect(result.stdout).not.toMatch(/seed/i);
    const report = JSON.parse(readFileSync(json, "utf8")) as Report;
    expect(report.properties).not.toHaveProperty("seed");
    expect(report.counts).toMatchObject({ errors: 2, warnings: 1 });

    // The errors fixed, the warning still there: a pass, and the note says which is which.
    const fixed = await startRawServer((request) =>
      request.line.startsWith("POST") ? answerAsBefore(request) : { status: 404, body: '{"detail":"Not Found"}' },
    );
    const after = await runCliCaptured(["fuzz", "--replay", file, "--base-url", fixed.url]);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain(": 1 still fails the same way (0 errors, 1 warning), 2 fixed (2 errors, 0 warnings)");
    expect(after.stdout.trimEnd().split("\n").at(-1)).toBe("PASS: no replayed failure fails any more");
    // --seed means nothing to a replay.
    const seeded = await runCliCaptured(["fuzz", "--replay", file, "--base-url", fixed.url, "--seed", "3"]);
    expect(seeded.code).toBe(2);
    expect(seeded.stderr).toMatch(/--replay .* takes no --update-baseline, --prune-baseline, --dry-run, --shard or --seed/);
  });
});

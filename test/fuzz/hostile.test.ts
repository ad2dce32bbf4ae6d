// Issue 31, the fuzz rows: a huge --max-requests with a short --time-limit holds no plan in memory
// and is not a PASS; a provider that takes connections and never answers stops the run early; the time
// limit holds for shrinking too; a --header value HTTP cannot carry is a usage error before any request;
// control characters a provider sends never reach the terminal raw.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { fuzzProvider } from "../../src/fuzz/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { conformingReply, createFaultyProvider, json, providerUrl, type FaultHook } from "./faulty-providers.js";

afterEach(closeTestServers);

async function provider(fault?: FaultHook): Promise<string> {
  const running = createFaultyProvider(fault);
  await listenForTest(running.server);
  return providerUrl(running.server);
}

/** A server that accepts every connection and never answers (its sockets destroyed at close). */
async function silent(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer(() => void requests++);
  server.on("connection", (socket) => sockets.add(socket));
  await listenForTest(server);
  server.on("close", () => sockets.forEach((s) => s.destroy()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

describe("fuzz against hostile providers and careless options", () => {
  it("--max-requests 1,000,000 with a short time limit draws the plan lazily and is not a PASS", { timeout: 30_000 }, async () => {
    // Every answer takes 100 ms: the time limit ends the run long before the boundary phase.
    const slow = createServer((request, response) =>
      setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end("[]"), 100),
    );
    await listenForTest(slow);
    const before = process.memoryUsage().heapUsed;
    const report = await fuzzProvider({
      baseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
      appId: APP_A,
      seed: 1,
      maxRequests: 1_000_000,
      timeLimitMs: 1000,
      concurrency: 2,
    });
    // The whole plan held in memory was 841 MB; drawn lazily it is nothing.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024);
    expect(report.planned).toBe(1_000_000);
    expect(report.sent).toBeLessThan(100);
    expect(report.stoppedBy).toBe("time-limit");
    expect(report.verdict).toBe("partial");
    expect(report.passed).toBe(false);
    expect(report.notes.join("\n")).toMatch(/requests of the discovery and boundary phases were sent: too few to call it a pass/);
  });

  it("the CLI says INCOMPLETE and exits 2 (1 under --strict) when the run ends below its floor", { timeout: 30_000 }, async () => {
    const slow = createServer((request, response) =>
      setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end("[]"), 100),
    );
    await listenForTest(slow);
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const args = [
      "fuzz",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--seed",
      "1",
      "--max-requests",
      "1000000",
      "--time-limit",
      "1s",
      "--concurrency",
      "2",
    ];
    const result = await runCliCaptured(args);
    expect(result.code).toBe(2);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toMatch(/^INCOMPLETE: /);
    expect((await runCliCaptured([...args, "--strict"])).code).toBe(1);
  });

  it("--max-requests below the discovery and boundary phases is INCOMPLETE, exit 2 (1 under --strict), never a PASS", async () => {
    const url = await provider();
    for (const max of ["5", "219"]) {
      const args = ["fuzz", "--base-url", url, "--app-id", APP_A, "--seed", "1", "--max-requests", max];
      const result = await runCliCaptured(args);
      expect(result.code, max).toBe(2);
      expect(result.stdout.trimEnd().split("\n").at(-1)).toMatch(/^INCOMPLETE: /);
      expect(result.stdout).toContain(
        `only ${max} of the 220 requests of the discovery and boundary phases were sent: too few to call it a pass (--max-requests ${max} stops inside them: give it at least 220)`,
      );
      expect((await runCliCaptured([...args, "--strict"])).code).toBe(1);
    }
    // A shard's floor is its share of the whole phases: 1/4 of a 5-request plan is not a pass either.
    const shard = await runCliCaptured([
      "fuzz",
      "--base-url",
      url,
      "--app-id",
      APP_A,
      "--seed",
      "1",
      "--max-requests",
      "5",
      "--shard",
      "1/4",
    ]);
    expect(shard.code).toBe(2);
    // The whole phases sent: a pass.
    expect((await runCliCaptured(["fuzz", "--base-url", url, "--app-id", APP_A, "--seed", "1", "--max-requests", "220"])).code).toBe(0);
  });

  it("a provider that takes connections and never answers stops the run after a few timeouts in a row", { timeout: 30_000 }, async () => {
    const { url, requests } = await silent();
    // Discovery is sent one by one first (two timeouts), then the pool of two workers.
    const report = await fuzzProvider({ baseUrl: url, appId: APP_A, seed: 1, timeoutMs: 300, concurrency: 2 });
    expect(report.stoppedBy).toBe("provider-gone");
    expect(report.notes.join("\n")).toMatch(/answered none of 5 requests in a row within --timeout \(300 ms\)/);
    expect(report.verdict).toBe("fail");
    expect(requests()).toBeLessThan(20);
  });

  it("the time limit holds for shrinking too, and a timeout is never shrunk", { timeout: 30_000 }, async () => {
    // Malformed ids hang (a timeout each); the rest answers as FastAPI does.
    const url = await provider((request) =>
      request.operationId === "getHumanEvaluation" && !/^[0-9a-f]{24}$/.test(request.evaluationId ?? "") ? "hang" : undefined,
    );
    const report = await fuzzProvider({ baseUrl: url, appId: APP_A, seed: 1, timeLimitMs: 1500, timeoutMs: 400 });
    // The hangs end the run (the time limit, or the provider called gone), never the shrinking of them.
    expect(["time-limit", "provider-gone"]).toContain(report.stoppedBy);
    const timeouts = report.failures.filter((f) => f.check === "transport" && f.cause === "timeout");
    expect(timeouts.length).toBeGreaterThan(0);
    for (const failure of timeouts) expect(failure.request).toEqual(failure.original);
  });

  it.each([
    ["VT", "a\u000bb", "U+000B"],
    ["ESC", "\u001b[2J", "U+001B"],
    ["DEL", "a\u007f", "U+007F"],
    ["non-Latin-1 text", "Bearer €", "U+20AC"],
  ])("a --header value with %s is a usage error naming the header, before any request", async (_, value, code) => {
    let requests = 0;
    const url = await provider(() => {
      requests++;
      return undefined;
    });
    const result = await runCliCaptured(["fuzz", "--base-url", url, "--app-id", APP_A, "--header", `X-Token: ${value}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evals-contract fuzz: --header X-Token: the value has ${code}, which no HTTP header can carry (only tab, printable ASCII and Latin-1)\n`,
    );
    expect(requests).toBe(0);
    // Latin-1 itself is what HTTP allows.
    expect(
      (await runCliCaptured(["fuzz", "--base-url", url, "--app-id", APP_A, "--max-requests", "220", "--header", "X-Name: Jos\u00e9"])).code,
    ).toBe(0);
  });

  it("control characters a provider sends (C1 CSI, bidi override) never reach the terminal raw", async () => {
    const url = await provider((request, data) => {
      if (request.operationId === "getHumanEvaluation" && request.evaluationId === "zzzzzzzzzzzzzzzzzzzzzzzz")
        return json(500, { detail: 'Traceback (most recent call last):\n  File "/app/x.py", line 1\n\u009b2J\u202eValueError' });
      if (request.operationId === "listEvaluations" && request.rawPath.endsWith("//"))
        return { status: 307, headers: { location: "http://elsewhere.invalid/\u009b2J\u202e" }, body: "" };
      return conformingReply(request, data);
    });
    const result = await runCliCaptured(["fuzz", "--base-url", url, "--app-id", APP_A, "--seed", "1", "--max-requests", "300"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/leak|redirect/);
    // eslint-disable-next-line no-control-regex -- the control characters are what the test looks for
    expect(result.stdout + result.stderr).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u001b]/);
  });
});

// Issue 23, the console as an attacker's page sees it (any other tab of the developer's browser):
// a bad console parameter is a 400, never a crash; no simple (form, no-cors) request changes state;
// DNS rebinding (a foreign Host) and foreign Origins are refused on the console while the service's
// routes stay open; reloads merge; event streams are bounded. Plus the small ones of the console's
// room and issue 22's `GET /` row. Raw node:http requests, so Host and Origin are the test's own.
import { readdir, readFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockServer, MAX_EVENT_SUBSCRIBERS, startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { startCliSession as startCli } from "../helpers/run-cli.js";
import { APP_A, exampleDataset } from "../mock/datasets.js";
import { bigDataset } from "./big-data.js";

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request with exactly these headers (Host included), through node:http. */
function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { method: init.method ?? "GET", headers: init.headers ?? {}, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => done({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    req.on("error", fail);
    req.end(init.body);
  });
}

const detailOf = (answer: Raw): string => (JSON.parse(answer.text) as { detail: string }).detail;

let dir: string;
let dataFile: string;
let mock: RunningMockServer;
let lines: string[];
let reloads = 0;
let root: string;
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reliability-console-"));
  dataFile = join(dir, "data.json");
  await writeFile(dataFile, JSON.stringify(exampleDataset()));
  lines = [];
  mock = await startMockServer({
    dataFile,
    port: 0,
    basePath: "/api",
    allowedHosts: ["mock.internal", ".example.com"],
    log: (line) => lines.push(line),
    onReloadStart: () => reloads++,
  });
  port = mock.port;
  root = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await mock?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The mock still answers the service's routes (it did not crash, nothing is stuck). */
async function stillServing(): Promise<void> {
  const answer = await raw(`${mock.url}/evaluations?app_id=${APP_A}`);
  expect([answer.status, (JSON.parse(answer.text) as unknown[]).length]).toEqual([200, 2]);
}

describe("reliability: console parameters (no request throws out of the server)", () => {
  it.each([
    ["-1", 400],
    ["0.5", 400],
    ["1e400", 400],
    ["-1e300", 400],
    ["abc", 400],
    ["", 400],
    ["9007199254740993", 400],
    ["NaN", 400],
    ["Infinity", 400],
    ["0", 200],
    ["999999999999999", 200],
  ])("GET /_mock/api/requests?after=%s answers %i with a JSON detail, and the mock keeps serving", async (after, status) => {
    await raw(`${mock.url}/evaluations?app_id=${APP_A}`);
    const answer = await raw(`${mock.url}/_mock/api/requests?after=${encodeURIComponent(after)}`);
    expect(answer.status).toBe(status);
    expect(answer.headers["content-type"]).toBe("application/json");
    if (status === 400) expect(detailOf(answer)).toMatch(/^mock: after must be a request id/);
    await stillServing();
  });

  it.each([
    ["/_mock/api/requests?after=1&after=2", /^mock: parameter "after" given twice$/],
    ["/_mock/api/requests?afer=1", /^mock: unknown parameter "afer" \(known: after, operation, session, since\)$/],
    ["/_mock/api/state?x=1", /^mock: unknown parameter "x" \(this route takes none\)$/],
    ["/_mock/api/scenario?code=500", /^mock: unknown parameter "code" \(this route takes none\)$/],
  ])("GET %s is a 400 naming the parameter", async (path, detail) => {
    const answer = await raw(`${mock.url}${path}`);
    expect([answer.status, detailOf(answer)]).toEqual([400, expect.stringMatching(detail)]);
  });

  it("a request that throws inside the mock is a 500, logged once, and the next requests are served", async () => {
    const logged: string[] = [];
    const server = createMockServer({
      data: exampleDataset(),
      delayMs: 5,
      log: (line) => logged.push(line),
      schedule: () => {
        throw new RangeError("the scheduler broke");
      },
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const address = server.address() as { port: number };
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await raw(`http://127.0.0.1:${address.port}/evaluations?app_id=${APP_A}`);
        expect([answer.status, answer.text]).toEqual([500, '{"detail":"Internal Server Error"}']);
      }
      const console = await raw(`http://127.0.0.1:${address.port}/_mock/api/state`);
      expect(console.status).toBe(200);
      expect(logged.filter((line) => line.includes("internal error"))).toEqual([
        expect.stringMatching(
          /^mock: internal error answering GET \/evaluations\?app_id=\w+ \(answered 500.*RangeError: the scheduler broke/,
        ),
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});

describe("reliability: state-changing console routes refuse simple requests", () => {
  it.each([
    ["reload, no Content-Type (a no-cors fetch)", "/_mock/api/reload", {}, ""],
    ["reload, an HTML form", "/_mock/api/reload", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1"],
    ["reload, text/plain", "/_mock/api/reload", { "Content-Type": "text/plain" }, "{}"],
    ["reload, multipart", "/_mock/api/reload", { "Content-Type": "multipart/form-data; boundary=x" }, "--x--"],
    ["scenario, text/plain", "/_mock/api/scenario", { "Content-Type": "text/plain" }, '{"code":500}'],
  ])("%s: 415, nothing changes", async (_name, path, headers, body) => {
    const before = reloads;
    const answer = await raw(`${mock.url}${path}`, { method: "POST", headers, body });
    expect([answer.status, detailOf(answer)]).toEqual([415, "mock: send the body as Content-Type: application/json"]);
    expect(reloads).toBe(before);
    expect(JSON.parse((await raw(`${mock.url}/_mock/api/scenario`)).text)).toEqual({ scenario: {} });
  });

  it("a JSON reload from the console's own page still reloads", async () => {
    const before = reloads;
    const answer = await raw(`${mock.url}/_mock/api/reload`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: root },
      body: "{}",
    });
    expect(answer.status).toBe(200);
    expect(reloads).toBe(before + 1);
  });
});

describe("reliability: DNS rebinding and foreign origins", () => {
  const host = (name: string): string => `${name}:${port}`;
  it.each([
    ["evil.example", 403],
    ["evil.example.", 403],
    ["localhost.evil.example", 403],
    ["example.com.evil.example", 403],
    ["mock.internal.evil", 403],
    ["localhost", 200],
    ["LOCALHOST", 200],
    ["app.localhost", 200],
    ["127.0.0.1", 200],
    ["[::1]", 200],
    ["10.0.0.7", 200],
    ["mock.internal", 200],
    ["example.com", 200],
    ["a.b.example.com", 200],
  ])("Host %s: the console answers %i (a JSON detail when refused), the service's routes 200", async (name, status) => {
    const headers = { Host: host(name) };
    for (const path of ["/_mock/api/state", "/_mock/api/requests", "/_mock/", "/_mock/events?x"]) {
      if (path === "/_mock/events?x" && status === 200) continue; // a stream: not read to its end here
      const answer = await raw(`${mock.url}${path}`, { headers });
      expect(answer.status, path).toBe(status);
      if (status === 403) expect(detailOf(answer)).toMatch(/^mock: the console answers only requests for this machine or an allowed host/);
    }
    const change = await raw(`${mock.url}/_mock/api/scenario`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: '{"code":500,"delay":120000}',
    });
    expect(change.status).toBe(status);
    await raw(`${mock.url}/_mock/api/scenario`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const api = await raw(`${mock.url}/evaluations?app_id=${APP_A}`, { headers: { ...headers, Origin: "http://evil.example" } });
    expect([api.status, api.headers["access-control-allow-origin"]]).toEqual([200, "http://evil.example"]);
  });

  it.each([
    ["http://evil.example", 403],
    ["null", 403],
    ["file://", 403],
    ["http://127.0.0.1:1", 403],
    ["http://localhost:5173", 403],
    ["own origin", 200],
    ["https://mock.internal", 200],
    ["https://ci.example.com:8443", 200],
  ])("a scenario POST with Origin %s: %i", async (origin, status) => {
    const answer = await raw(`${mock.url}/_mock/api/scenario`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin === "own origin" ? root : origin },
      body: '{"code":503}',
    });
    expect(answer.status).toBe(status);
    if (status === 403) expect(detailOf(answer)).toMatch(/^mock: a change from another site is refused/);
    const now = JSON.parse((await raw(`${mock.url}/_mock/api/scenario`)).text) as unknown;
    expect(now).toEqual({ scenario: status === 200 ? { code: 503 } : {} });
    await raw(`${mock.url}/_mock/api/scenario`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  });
});

describe("reliability: the console under load", () => {
  it("a burst of 20 reload requests runs at most 2 reloads (one runs, one waits, the rest join it)", async () => {
    const file = join(dir, "big.json");
    await writeFile(file, JSON.stringify(bigDataset(5_000)));
    let started = 0;
    const big = await startMockServer({ dataFile: file, port: 0, onReloadStart: () => started++ });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          raw(`${big.url}/_mock/api/reload`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(started).toBeLessThanOrEqual(2);
    } finally {
      await big.close();
    }
  }, 60_000);

  it(`opens at most ${MAX_EVENT_SUBSCRIBERS} event streams: one more is a 503 with a JSON detail`, async () => {
    const sockets: Socket[] = [];
    try {
      const open = (): Promise<string> =>
        new Promise((done, fail) => {
          const socket = connect(port, "127.0.0.1", () =>
            socket.write(`GET /api/_mock/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
          );
          sockets.push(socket);
          let text = "";
          socket.setEncoding("utf8");
          socket.on("data", (chunk: string) => {
            text += chunk;
            if (text.includes("\r\n\r\n")) done(text);
          });
          socket.on("error", fail);
        });
      const heads: string[] = [];
      for (let i = 0; i < MAX_EVENT_SUBSCRIBERS; i++) heads.push(await open());
      expect(heads.every((head) => head.startsWith("HTTP/1.1 200"))).toBe(true);
      const refused = await raw(`${mock.url}/_mock/events`);
      expect([refused.status, detailOf(refused)]).toEqual([503, expect.stringMatching(/^mock: 64 event streams are open already/)]);
      await stillServing();
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    // Closed streams free their places.
    await expect.poll(async () => (await raw(`${mock.url}/_mock/api/state`)).status).toBe(200);
  });

  it("a subscriber that stops reading is dropped once it falls 1 MiB behind, with a last event saying so", async () => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const ended = new Promise<void>((done) => socket.on("close", () => done()));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    await new Promise<void>((done) => socket.on("connect", done));
    socket.write(`GET /api/_mock/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await expect.poll(() => text).toContain(": connected");
    socket.pause();
    // 12 KB URLs: each request is a 12 KB event for the paused reader (about 24 MB in all, past the
    // socket buffers and the 1 MiB bound).
    const long = `${mock.url}/evaluations?app_id=${APP_A}&pad=${"x".repeat(12_000)}`;
    for (let batch = 0; batch < 50; batch++) await Promise.all(Array.from({ length: 40 }, () => fetch(long).then((r) => r.arrayBuffer())));
    socket.resume();
    await ended;
    const last = text.slice(text.lastIndexOf("event: "));
    expect(last).toMatch(/^event: dropped\ndata: \{"detail":"mock: this page fell more than 1048576 bytes behind/);
    await stillServing();
  }, 60_000);
});

describe("reliability: the small ones", () => {
  it('the console switch {"code": 200} clears the code switch, as documented', async () => {
    const post = (body: string): Promise<Raw> =>
      raw(`${mock.url}/_mock/api/scenario`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    await post('{"code":503}');
    expect(JSON.parse((await post('{"code":200}')).text)).toEqual({ scenario: {} });
    expect(JSON.parse((await post('{"code":200,"delay":0}')).text)).toEqual({ scenario: { delay: 0 } });
    await post("{}");
  });

  it.each([
    ["/_mock__proto__", 404, '{"detail":"Not Found"}', true],
    ["/_mockX", 404, '{"detail":"Not Found"}', true],
    ["/_mockery/api/state", 404, '{"detail":"Not Found"}', true],
    ["/_mock/__proto__", 404, '{"detail":"Not Found"}', false],
    ["/_mock/constructor", 404, '{"detail":"Not Found"}', false],
    ["/_mock/api/hasOwnProperty", 404, '{"detail":"Not Found"}', false],
  ])("%s answers %i %s (the service's answer, with CORS: %s)", async (path, status, body, service) => {
    const answer = await raw(`${mock.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect([answer.status, answer.text]).toEqual([status, body]);
    expect(answer.headers["access-control-allow-origin"] !== undefined).toBe(service);
    expect(answer.headers.allow).toBeUndefined();
  });

  it.each([
    ["/api?x", '"?"'],
    ["/api#x", '"#"'],
    ["/api\u0007", "U+0007"],
    ["/api\u001b[2J", "U+001B"],
    ["/äpi", "U+00E4"],
    ["/api%2F", '"%"'],
    ["/a pi", '" "'],
  ])("--base-path %j is refused in one line, exit 2", async (basePath, shown) => {
    const cli = startCli(["mock", "--port", "0", "--base-path", basePath]);
    expect(await cli.done).toBe(2);
    expect(cli.stderr()).toMatch(
      new RegExp(
        `^evals-contract mock: the base path must be a plain path like /api: ${shown.replace(/[?+[\]()]/g, "\\$&")} is not allowed`,
      ),
    );
    expect(cli.stderr().trimEnd().split("\n")).toHaveLength(1);
  });

  it("src/mock has no import cycle (handler, options and the console share their types through one module)", async () => {
    const base = resolve("src/mock");
    const files = (await readdir(base, { recursive: true })).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const edges = new Map<string, string[]>();
    for (const file of files) {
      const source = await readFile(join(base, file), "utf8");
      const targets = [...source.matchAll(/^(?:import|export)[^;]*?from "(\.[^"]+)\.js";/gms)].map((m) =>
        relative(base, resolve(base, dirname(file), `${m[1]}.ts`)),
      );
      edges.set(
        file,
        targets.filter((t) => files.includes(t)),
      );
    }
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (path.includes(file)) return void cycles.push([...path.slice(path.indexOf(file)), file].join(" -> "));
      for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});

describe("reliability: GET / points the way (issue 22)", () => {
  it.each([
    ["/", "text/html,application/xhtml+xml,*/*;q=0.8", "page"],
    ["/api", "text/html", "page"],
    ["/api/", "text/html", "page"],
    ["/api/?x=1", "text/html", "page"],
    ["/", "*/*", "service"],
    ["/api/", "application/json", "service"],
    ["/api/nothing", "text/html", "service"],
    ["/elsewhere", "text/html", "service"],
  ])("GET %s (Accept: %s): the %s's answer", async (path, accept, want) => {
    const answer = await raw(`${root}${path}`, { headers: { Accept: accept } });
    expect(answer.status).toBe(404);
    if (want === "service") return expect(answer.text).toBe('{"detail":"Not Found"}');
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    for (const text of [
      'href="/api/_mock/"',
      "GET /api/evaluations?app_id=",
      "GET /api/human-evaluations?app_id=",
      "GET /api/human-evaluations/{evaluation_id}",
    ])
      expect(answer.text).toContain(text);
  });

  it("a 404 outside the base path says so in its log line (a near miss when it is a route under it)", async () => {
    await raw(`${root}/evaluations?app_id=${APP_A}`);
    await raw(`${mock.url}/nothing`);
    await expect
      .poll(() => lines.join("\n"))
      .toMatch(
        new RegExp(
          `^GET /evaluations\\?app_id=${APP_A} 404 \\d+\\.\\dms {2}near miss: did you mean /api/evaluations\\? \\(the mock serves under the base path /api\\)$`,
          "m",
        ),
      );
    await raw(`${root}/nothing`);
    await expect.poll(() => lines.join("\n")).toMatch(/^GET \/nothing 404 \d+\.\dms {2}outside the base path \/api$/m);
    expect(lines.join("\n")).toMatch(/^GET \/api\/nothing 404 \d+\.\dms$/m);
  });

  it("the start-up banner says the base path and the delay", async () => {
    const cli = startCli(["mock", "--port", "0", "--base-path", "/api", "--delay", "25"]);
    try {
      await cli.waitFor(/Press Ctrl-C to stop\.\n/);
      expect(cli.stdout()).toMatch(/^ {2}base path: \/api \(--base-path\), delay: 25 ms \(--delay\)/m);
    } finally {
      cli.interrupt();
      await cli.done;
    }
  });
});

// The mock console's HTTP side: where it lives (under the base path, never over an API path, off
// with `console: false`), its JSON API (state, requests, scenario, reload) and its event stream.
// What the page does with them in a browser: test/browser/console.test.ts.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { get } from "./http.js";

const post = (url: string, body: unknown, type = "application/json") =>
  get(url, { method: "POST", headers: { "Content-Type": type }, body: typeof body === "string" ? body : JSON.stringify(body) });

/** Reads Server-Sent Events until `until` holds for the events seen; then closes the stream. */
function readEvents(url: string, onOpen: () => void, until: (events: { event: string; data: unknown }[]) => boolean) {
  return new Promise<{ event: string; data: unknown }[]>((resolve, reject) => {
    const events: { event: string; data: unknown }[] = [];
    const req = httpRequest(url, (response) => {
      expect(response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes(": connected")) onOpen();
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event !== undefined && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
        }
        if (until(events)) {
          req.destroy();
          resolve(events);
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("mock console", () => {
  let server: RunningMockServer;
  let root: string;
  beforeAll(async () => {
    server = await startMockServer({ data: exampleDataset(), port: 0, basePath: "/api" });
    root = server.url.replace(/\/api$/, "");
  });
  afterAll(() => server.close());
  afterEach(() => post(`${server.url}/_mock/api/scenario`, {}));

  it("serves its page under the base path, with a CSP and no external resource", async () => {
    const page = await get(`${server.url}/_mock/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; connect-src 'self';/);
    expect(page.text).not.toMatch(/<[a-z][^>]*\s(src|href)="(?!data:)/i);
    const bare = await get(`${server.url}/_mock?x=1`, { redirect: "manual" });
    expect([bare.status, bare.headers.get("location")]).toEqual([308, "/api/_mock/?x=1"]);
  });

  it("lives only under the base path and never answers an API path", async () => {
    expect((await get(`${root}/_mock/`)).status).toBe(404);
    expect((await get(`${server.url}/_mock/nope`)).text).toBe('{"detail":"Not Found"}');
    expect((await get(`${server.url}/_mockery`)).status).toBe(404);
    expect((await get(`${server.url}/human-evaluations/_mock`)).text).toBe('{"detail":"Evaluation not found"}');
    const wrongMethod = await get(`${server.url}/_mock/api/state`, { method: "DELETE" });
    expect([wrongMethod.status, wrongMethod.headers.get("allow")]).toEqual([405, "GET"]);
  });

  it("states the dataset: source, counts per app, load time, no reload yet", async () => {
    const state = JSON.parse((await get(`${server.url}/_mock/api/state`)).text);
    expect(state).toMatchObject({
      basePath: "/api",
      scenario: {},
      dataset: { source: "data", evaluations: 5, humanEvaluations: 4, lastReload: null },
    });
    expect(state.dataset.apps[0]).toEqual({ appId: APP_A, evaluations: 2, humanEvaluations: 2 });
  });

  it("logs the API requests (not its own), newest last, and `?after=` gives the newer ones", async () => {
    const before = JSON.parse((await get(`${server.url}/_mock/api/requests`)).text).requests as { id: number }[];
    const last = before.at(-1)?.id ?? 0;
    await get(`${server.url}/evaluations?app_id=${APP_A}`);
    await get(`${server.url}/evaluations`);
    const after = JSON.parse((await get(`${server.url}/_mock/api/requests?after=${last}`)).text).requests;
    expect(after).toMatchObject([
      { id: last + 1, method: "GET", url: `/api/evaluations?app_id=${APP_A}`, status: 200, note: "" },
      { id: last + 2, method: "GET", url: "/api/evaluations", status: 422 },
    ]);
    expect(after[0].at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("applies a scenario switch to the requests after it, unless a request asks for its own", async () => {
    const set = await post(`${server.url}/_mock/api/scenario`, { code: 503, empty: true });
    expect(JSON.parse(set.text)).toEqual({ scenario: { code: 503, empty: true } });
    const forced = await get(`${server.url}/evaluations?app_id=${APP_A}`);
    expect([forced.status, forced.text, forced.headers.get("preference-applied")]).toEqual([503, '{"detail":"Service Unavailable"}', null]);
    const own = await get(`${server.url}/evaluations?app_id=${APP_A}`, { headers: { Prefer: "example=empty" } });
    expect([own.status, own.text]).toEqual([200, "[]"]);
    const log = JSON.parse((await get(`${server.url}/_mock/api/requests`)).text).requests;
    expect(log.at(-2).note).toBe("  console scenario: code=503");
    await post(`${server.url}/_mock/api/scenario`, { empty: true });
    expect((await get(`${server.url}/human-evaluations?app_id=${APP_A}`)).text).toBe("[]");
    await post(`${server.url}/_mock/api/scenario`, {});
    expect(JSON.parse((await get(`${server.url}/evaluations?app_id=${APP_A}`)).text)).toHaveLength(2);
  });

  it.each([
    [{ delay: -1 }, 400, 'mock: delay must be 0 to 120000 ms, got "-1"'],
    [{ code: 302 }, 400, 'mock: code must be 200 or 400 to 599, got "302"'],
    [{ code: "500" }, 400, 'mock: code must be a number, got "500"'],
    [{ empty: "yes" }, 400, 'mock: empty must be true or false, got "yes"'],
    [{ dealy: 5 }, 400, 'mock: unknown scenario field "dealy" (known: operation, delay, code, empty, fault, times, respond, unchecked)'],
    [[1], 400, "mock: scenario 1: must be a JSON object"],
    [{ fault: "explode" }, 400, 'mock: unknown fault "explode" (known: reset, empty, malformed, hang, dribble, gateway, truncated)'],
    [
      { operation: "listEvals", code: 500 },
      400,
      "mock: operation must be one of listEvaluations, listHumanEvaluations, getHumanEvaluation",
    ],
    [[{ code: 500 }, { delay: 5 }], 400, "mock: two scenarios for every operation"],
    ["{", 400, "mock: the body is not valid JSON"],
  ])("refuses the scenario %j with %i", async (body, status, detail) => {
    const answer = await post(`${server.url}/_mock/api/scenario`, body);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.text).detail).toContain(detail);
  });

  it("takes a scenario only as application/json (a cross-site form cannot switch it)", async () => {
    const answer = await post(`${server.url}/_mock/api/scenario`, "code=500", "application/x-www-form-urlencoded");
    expect(answer.status).toBe(415);
    expect(JSON.parse((await get(`${server.url}/_mock/api/scenario`)).text)).toEqual({ scenario: {} });
  });

  it("streams requests and scenario changes to open pages as Server-Sent Events", async () => {
    const events = await readEvents(
      `${server.url}/_mock/events`,
      () => void post(`${server.url}/_mock/api/scenario`, { delay: 0 }).then(() => get(`${server.url}/evaluations?app_id=<x>`)),
      (seen) => seen.some((e) => e.event === "request"),
    );
    expect(events).toEqual([
      { event: "scenario", data: { delay: 0 } },
      {
        event: "request",
        data: expect.objectContaining({ url: "/api/evaluations?app_id=%3Cx%3E", status: 200, note: "  console scenario: delay=0" }),
      },
    ]);
  });

  it("has nothing to reload without a data file", async () => {
    const answer = await post(`${server.url}/_mock/api/reload`, {});
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.text).detail).toMatch(/^mock: nothing to reload: the mock watches no data file/);
  });
});

describe("mock console with a data file", () => {
  let dir: string;
  let server: RunningMockServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "mock-console-"));
    await writeFile(join(dir, "data.json"), JSON.stringify(exampleDataset()));
    server = await startMockServer({ dataFile: join(dir, "data.json"), port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("reloads on request: a good file is served and stated, a bad one refused with its reason", async () => {
    const file = join(dir, "data.json");
    const data = exampleDataset();
    data.evaluations.pop();
    await writeFile(file, JSON.stringify(data));
    const ok = await post(`${server.url}/_mock/api/reload`, {});
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).dataset).toMatchObject({
      source: file,
      evaluations: 4,
      lastReload: { ok: true, summary: expect.stringMatching(/^4 evaluations/) },
    });

    await writeFile(file, "{ not json");
    const refused = await post(`${server.url}/_mock/api/reload`, {});
    expect(refused.status).toBe(422);
    const body = JSON.parse(refused.text);
    expect(body.detail).toMatch(/^mock: E_JSON_PARSE /);
    expect(body.dataset).toMatchObject({ evaluations: 4, lastReload: { ok: false, error: { code: "E_JSON_PARSE" } } });
  });
});

describe("mock without its console", () => {
  it("answers /_mock/ like any unknown path", async () => {
    const server = await startMockServer({ data: exampleDataset(), port: 0, console: false });
    try {
      const answer = await get(`${server.url}/_mock/`);
      expect([answer.status, answer.text]).toEqual([404, '{"detail":"Not Found"}']);
    } finally {
      await server.close();
    }
  });
});

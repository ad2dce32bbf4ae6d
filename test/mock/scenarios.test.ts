// Scenarios over real HTTP: latency, forced status, empty lists, in both the Prefer and query forms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { get } from "./http.js";

const data = exampleDataset();
const humanId = data.human_evaluations[0]!.id;
let server: RunningMockServer;

beforeAll(async () => {
  server = await startMockServer({ data, port: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe("mock scenarios", () => {
  it.each([
    ["Prefer header", { headers: { Prefer: "delay=200" } }, ""],
    ["query parameter", {}, "&__delay=200"],
  ])("delays a response asked to by %s", async (_name, init, query) => {
    const got = await get(`${server.url}/evaluations?app_id=${APP_A}${query}`, init);
    expect(got.status).toBe(200);
    expect(got.ms).toBeGreaterThanOrEqual(190);
    expect(got.headers.get("preference-applied")).toBe("delay=200");
    expect(JSON.parse(got.text)).toEqual(data.evaluations.filter((e) => e.app_id === APP_A));
  });

  it("applies --delay to every response unless the request asks for another", async () => {
    const slow = await startMockServer({ data, port: 0, delayMs: 200 });
    try {
      expect((await get(`${slow.url}/human-evaluations/${humanId}`)).ms).toBeGreaterThanOrEqual(190);
      expect((await get(`${slow.url}/nope`)).ms).toBeGreaterThanOrEqual(190);
      const fast = await get(`${slow.url}/human-evaluations/${humanId}`, { headers: { Prefer: "delay=0" } });
      expect(fast.status).toBe(200);
      expect(fast.ms).toBeLessThan(190);
    } finally {
      await slow.close();
    }
  });

  it.each([
    [500, "/evaluations?app_id=x", '{"detail":"Internal Server Error"}'],
    [503, "/human-evaluations?app_id=x", '{"detail":"Service Unavailable"}'],
    [401, "/evaluations?app_id=x", '{"detail":"Not authenticated"}'],
    [404, `/human-evaluations/${humanId}`, '{"detail":"Evaluation not found"}'],
    [404, "/evaluations?app_id=x", '{"detail":"Not Found"}'],
    [422, "/evaluations?app_id=x", '{"detail":[{"loc":["query","app_id"],"msg":"field required","type":"value_error.missing"}]}'],
  ])("forces status %i on %s with the framework's body", async (code, path, body) => {
    for (const [init, query] of [
      [{ headers: { Prefer: `code=${code}` } }, ""],
      [{}, `${path.includes("?") ? "&" : "?"}__code=${code}`],
    ] as const) {
      const got = await get(`${server.url}${path}${query}`, init);
      expect([got.status, got.text]).toEqual([code, body]);
      expect(got.headers.get("content-type")).toBe("application/json");
      expect(got.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  it("forces code=200 as the normal answer", async () => {
    const got = await get(`${server.url}/human-evaluations/${humanId}`, { headers: { Prefer: "code=200" } });
    expect(got.status).toBe(200);
    expect(JSON.parse(got.text)).toEqual(data.human_evaluations[0]);
  });

  it.each([
    [{ headers: { Prefer: "example=empty" } }, ""],
    [{}, "&__example=empty"],
    [{}, "&__empty=1"],
    [{}, "&__empty"],
  ])("serves an empty list (%j %s)", async (init, query) => {
    for (const path of ["/evaluations", "/human-evaluations/"]) {
      const got = await get(`${server.url}${path}?app_id=${APP_A}${query}`, init);
      expect([got.status, got.text]).toEqual([200, "[]"]);
    }
  });

  it("still validates app_id with example=empty, and combines preferences", async () => {
    expect((await get(`${server.url}/evaluations`, { headers: { Prefer: "example=empty" } })).status).toBe(422);
    const got = await get(`${server.url}/evaluations?app_id=${APP_A}`, { headers: { Prefer: 'example="empty", delay=50, respond-async' } });
    expect([got.status, got.text]).toEqual([200, "[]"]);
    expect(got.ms).toBeGreaterThanOrEqual(45);
    expect(got.headers.get("preference-applied")).toBe("example=empty, delay=50");
  });

  it.each([
    [{ Prefer: "code=abc" }, "code must be 200 or 400 to 599"],
    [{ Prefer: "code=302" }, "code must be 200 or 400 to 599"],
    [{ Prefer: "delay=-1" }, "delay must be 0 to 120000 ms"],
    [{ Prefer: "example=full" }, 'unknown example \\"full\\"'],
  ])("refuses a malformed scenario %j with 400 saying what is wrong", async (headers, message) => {
    const got = await get(`${server.url}/evaluations?app_id=${APP_A}`, { headers });
    expect(got.status).toBe(400);
    expect(got.text).toContain(`"detail":"mock: ${message}`);
  });

  it.each([
    ["&__empty=yes", '__empty must be 1, true, 0 or false, got \\"yes\\"'],
    ["&__dealy=300", 'unknown scenario parameter \\"__dealy\\" (known: __delay, __code, __example, __empty)'],
    ["&__Code=500", 'unknown scenario parameter \\"__Code\\"'],
  ])("refuses a malformed scenario query %s with 400 naming the parameter", async (query, message) => {
    const got = await get(`${server.url}/evaluations?app_id=${APP_A}${query}`);
    expect(got.status).toBe(400);
    expect(got.text).toContain(`"detail":"mock: ${message}`);
  });

  it("names in Preference-Applied only what changed the answer", async () => {
    // A by-id answer has no list to empty; a 422 was not emptied; a forced code was applied.
    const byId = await get(`${server.url}/human-evaluations/${humanId}`, { headers: { Prefer: "example=empty" } });
    expect([byId.status, byId.headers.get("preference-applied")]).toEqual([200, null]);
    const invalid = await get(`${server.url}/evaluations`, { headers: { Prefer: "example=empty" } });
    expect([invalid.status, invalid.headers.get("preference-applied")]).toEqual([422, null]);
    const forced = await get(`${server.url}/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=503, example=empty" } });
    expect([forced.status, forced.headers.get("preference-applied")]).toEqual([503, "code=503"]);
  });

  it.each(["0500", "050", "5000", "+500", "600"])("refuses code=%s: a status is three digits, 200 or 400 to 599", async (code) => {
    for (const init of [{ headers: { Prefer: `code=${code}` } }, {}]) {
      const query = "headers" in init ? "" : `&__code=${encodeURIComponent(code)}`;
      const got = await get(`${server.url}/evaluations?app_id=${APP_A}${query}`, init);
      expect(got.status).toBe(400);
    }
  });

  it("serves the list as usual with __empty=0 or false", async () => {
    for (const query of ["&__empty=0", "&__empty=false"]) {
      const got = await get(`${server.url}/evaluations?app_id=${APP_A}${query}`);
      expect(got.status).toBe(200);
      expect(got.headers.get("preference-applied")).toBeNull();
      expect(JSON.parse(got.text)).toEqual(data.evaluations.filter((e) => e.app_id === APP_A));
    }
  });
});

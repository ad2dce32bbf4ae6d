// Scenarios over real HTTP: latency, forced status, empty lists, in both the Prefer and query forms.
// Delays are checked without the clock: the mock's scheduler is the test's own (manual-scheduler.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { get, type Got } from "./http.js";
import { manualScheduler, type ManualScheduler } from "./manual-scheduler.js";

const data = exampleDataset();
const humanId = data.human_evaluations[0]!.id;

interface HeldServer {
  server: RunningMockServer;
  clock: ManualScheduler;
  /** The mock's log: one line per reply, written once the reply is sent. */
  lines: string[];
}

async function startHeldServer(delayMs?: number): Promise<HeldServer> {
  const clock = manualScheduler();
  const lines: string[] = [];
  const server = await startMockServer({
    data,
    port: 0,
    schedule: clock.schedule,
    log: (line) => lines.push(line),
    ...(delayMs === undefined ? {} : { delayMs }),
  });
  return { server, clock, lines };
}

/**
 * Requests `path` and proves the mock holds the reply for `delayMs`: it asks its scheduler for
 * exactly that delay, sends nothing until the scheduler releases the reply, and sends it then.
 */
async function heldReply({ server, clock, lines }: HeldServer, path: string, delayMs: number, init?: RequestInit): Promise<Got> {
  const before = lines.length;
  let answered = false;
  const answer = get(`${server.url}${path}`, init).finally(() => (answered = true));
  const held = await Promise.race([clock.next(), answer.then(() => undefined)]);
  expect(held, `${path} was answered without being held`).toBeDefined();
  expect(held!.delayMs).toBe(delayMs);
  // Not sent yet: the log line is written as the reply goes out.
  expect(lines.length).toBe(before);
  expect(answered).toBe(false);
  held!.release();
  const got = await answer;
  // Logged once the reply has gone out (the log is written once per event-loop turn).
  expect(lines.slice(before)).toEqual([expect.stringMatching(/^GET \S+ \d{3} /)]);
  return got;
}

let held: HeldServer;

beforeAll(async () => {
  held = await startHeldServer();
});
afterAll(async () => {
  await held?.server.close();
});

describe("mock scenarios", () => {
  it.each([
    ["Prefer header", { headers: { Prefer: "delay=200" } }, ""],
    ["query parameter", {}, "&__delay=200"],
  ])("delays a response asked to by %s", async (_name, init, query) => {
    const got = await heldReply(held, `/evaluations?app_id=${APP_A}${query}`, 200, init);
    expect(got.status).toBe(200);
    expect(got.headers.get("preference-applied")).toBe("delay=200");
    expect(JSON.parse(got.text)).toEqual(data.evaluations.filter((e) => e.app_id === APP_A));
  });

  it("applies --delay to every response unless the request asks for another", async () => {
    const slow = await startHeldServer(200);
    try {
      expect((await heldReply(slow, `/human-evaluations/${humanId}`, 200)).status).toBe(200);
      expect((await heldReply(slow, "/nope", 200)).status).toBe(404);
      // Asked for another delay: that one, not the default.
      const other = await heldReply(slow, `/human-evaluations/${humanId}`, 30, { headers: { Prefer: "delay=30" } });
      expect(other.headers.get("preference-applied")).toBe("delay=30");
      const asked = slow.clock.held.length;
      const fast = await get(`${slow.server.url}/human-evaluations/${humanId}`, { headers: { Prefer: "delay=0" } });
      expect(fast.status).toBe(200);
      expect(fast.headers.get("preference-applied")).toBe("delay=0");
      // Answered at once: no delay was asked of the scheduler.
      expect(slow.clock.held.length).toBe(asked);
    } finally {
      await slow.server.close();
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
      const got = await get(`${held.server.url}${path}${query}`, init);
      expect([got.status, got.text]).toEqual([code, body]);
      expect(got.headers.get("content-type")).toBe("application/json");
      expect(got.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  it("forces code=200 as the normal answer", async () => {
    const got = await get(`${held.server.url}/human-evaluations/${humanId}`, { headers: { Prefer: "code=200" } });
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
      const got = await get(`${held.server.url}${path}?app_id=${APP_A}${query}`, init);
      expect([got.status, got.text]).toEqual([200, "[]"]);
    }
  });

  it("still validates app_id with example=empty, and combines preferences", async () => {
    expect((await get(`${held.server.url}/evaluations`, { headers: { Prefer: "example=empty" } })).status).toBe(422);
    const got = await heldReply(held, `/evaluations?app_id=${APP_A}`, 50, {
      headers: { Prefer: 'example="empty", delay=50, respond-async' },
    });
    expect([got.status, got.text]).toEqual([200, "[]"]);
    expect(got.headers.get("preference-applied")).toBe("example=empty, delay=50");
  });

  it.each([
    [{ Prefer: "code=abc" }, "code must be 200 or 400 to 599"],
    [{ Prefer: "code=302" }, "code must be 200 or 400 to 599"],
    [{ Prefer: "delay=-1" }, "delay must be 0 to 120000 ms"],
    [{ Prefer: "example=full" }, 'unknown example \\"full\\"'],
  ])("refuses a malformed scenario %j with 400 saying what is wrong", async (headers, message) => {
    const got = await get(`${held.server.url}/evaluations?app_id=${APP_A}`, { headers });
    expect(got.status).toBe(400);
    expect(got.text).toContain(`"detail":"mock: ${message}`);
  });

  it.each([
    ["&__empty=yes", '__empty must be 1, true, 0 or false, got \\"yes\\"'],
    ["&__dealy=300", 'unknown scenario parameter \\"__dealy\\" (known: __delay, __code, __example, __empty, __fault)'],
    ["&__Code=500", 'unknown scenario parameter \\"__Code\\"'],
  ])("refuses a malformed scenario query %s with 400 naming the parameter", async (query, message) => {
    const got = await get(`${held.server.url}/evaluations?app_id=${APP_A}${query}`);
    expect(got.status).toBe(400);
    expect(got.text).toContain(`"detail":"mock: ${message}`);
  });

  it("names in Preference-Applied only what changed the answer", async () => {
    // A by-id answer has no list to empty; a 422 was not emptied; a forced code was applied.
    const byId = await get(`${held.server.url}/human-evaluations/${humanId}`, { headers: { Prefer: "example=empty" } });
    expect([byId.status, byId.headers.get("preference-applied")]).toEqual([200, null]);
    const invalid = await get(`${held.server.url}/evaluations`, { headers: { Prefer: "example=empty" } });
    expect([invalid.status, invalid.headers.get("preference-applied")]).toEqual([422, null]);
    const forced = await get(`${held.server.url}/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=503, example=empty" } });
    expect([forced.status, forced.headers.get("preference-applied")]).toEqual([503, "code=503"]);
  });

  it.each(["0500", "050", "5000", "+500", "600"])("refuses code=%s: a status is three digits, 200 or 400 to 599", async (code) => {
    for (const init of [{ headers: { Prefer: `code=${code}` } }, {}]) {
      const query = "headers" in init ? "" : `&__code=${encodeURIComponent(code)}`;
      const got = await get(`${held.server.url}/evaluations?app_id=${APP_A}${query}`, init);
      expect(got.status).toBe(400);
    }
  });

  it("serves the list as usual with __empty=0 or false", async () => {
    for (const query of ["&__empty=0", "&__empty=false"]) {
      const got = await get(`${held.server.url}/evaluations?app_id=${APP_A}${query}`);
      expect(got.status).toBe(200);
      expect(got.headers.get("preference-applied")).toBeNull();
      expect(JSON.parse(got.text)).toEqual(data.evaluations.filter((e) => e.app_id === APP_A));
    }
  });
});

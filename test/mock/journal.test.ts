// Issue 32, the request journal of the node mock: `GET /_mock/api/requests` and `server.requests()`
// list what each request sent (method, URL, path with its trailing slash, every query value in
// order, the headers a test asserts on, secrets redacted) and what it got (session, operation,
// status, scenario, fault, near miss, time), filtered by operation, session and `since` (an id or
// an instant). What a test asserts with it: the query its client built, how often it polled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockHandler, startMockServer, type JournalEntry, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { detailOf, raw, sendJson, type RawInit } from "./raw.js";

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ data: exampleDataset(), port: 0 });
  expect((await sendJson(`${mock.url}/_mock/api/sessions/j1`, "PUT", { scenario: { code: 503 } })).status).toBe(200);
});
afterAll(() => mock.close());

const HUMAN_ID = exampleDataset().human_evaluations[0]!.id;
const lastId = (): number => mock.requests().at(-1)?.id ?? 0;
/** The journal as `GET /_mock/api/requests?QUERY` serves it. */
async function listed(query = ""): Promise<JournalEntry[]> {
  const answer = await raw(`${mock.url}/_mock/api/requests${query === "" ? "" : `?${query}`}`);
  expect([answer.status, answer.headers["content-type"]]).toEqual([200, "application/json"]);
  return (JSON.parse(answer.text) as { requests: JournalEntry[] }).requests;
}
/** A request whose answer may be a reset connection: the journal is what the test reads. */
const send = (path: string, init: RawInit = {}): Promise<unknown> => raw(`${mock.url}${path}`, init).catch((error: unknown) => error);

describe("the journal lists what each request sent and got", () => {
  it("method, url, path, query, selected headers (secrets redacted), session, operation, status, scenario, fault, near miss, ms, at", async () => {
    const since = lastId();
    const before = Date.now();
    await send("/evaluations?app_id=x", {
      headers: {
        Accept: "application/json",
        Authorization: "Bearer s3cret-token",
        Cookie: "sid=s3cret-cookie",
        Referer: "http://localhost:5173/evals",
        "User-Agent": "journal-test/1",
        "X-Custom": "not selected",
      },
    });
    await send("/evaluations/?app_id=x&app_id=y&note=a+b%26c");
    await send(`/human-evaluations?app_id=${APP_A}`, { headers: { "X-Mock-Session": "j1" } });
    await send(`/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=500" } });
    await send(`/evaluations?app_id=${APP_A}&__fault=gateway`);
    await send(`/evaluations?app_id=${APP_A}`, { headers: { Prefer: "fault=reset" } });
    await send("/evaluation?app_id=x");
    await send(`/human-evaluations/${HUMAN_ID}`, { headers: { Cookie: "mock-session=j1" } });
    await send("/evaluations", { method: "DELETE", headers: { Origin: "http://localhost:5173", "Content-Type": "text/plain" } });
    const after = Date.now();

    const entries = await listed(`since=${since}`);
    const common = { method: "GET", scenario: "", fault: null, nearMiss: null, session: null };
    expect(entries).toEqual(
      [
        {
          ...common,
          url: "/evaluations?app_id=x",
          path: "/evaluations",
          query: { app_id: ["x"] },
          headers: {
            accept: "application/json",
            referer: "http://localhost:5173/evals",
            "user-agent": "journal-test/1",
            authorization: "[redacted]",
            cookie: "[redacted]",
          },
          operation: "listEvaluations",
          status: 200,
          note: "",
        },
        {
          ...common,
          url: "/evaluations/?app_id=x&app_id=y&note=a+b%26c",
          path: "/evaluations/",
          query: { app_id: ["x", "y"], note: ["a b&c"] },
          headers: {},
          operation: "listEvaluations",
          status: 200,
          note: "",
        },
        {
          ...common,
          url: `/human-evaluations?app_id=${APP_A}`,
          path: "/human-evaluations",
          query: { app_id: [APP_A] },
          headers: { "x-mock-session": "j1" },
          session: "j1",
          operation: "listHumanEvaluations",
          status: 503,
          scenario: "code=503",
          note: "  session scenario: code=503",
        },
        {
          ...common,
          url: `/evaluations?app_id=${APP_A}`,
          path: "/evaluations",
          query: { app_id: [APP_A] },
          headers: { prefer: "code=500" },
          operation: "listEvaluations",
          status: 500,
          scenario: "code=500",
          note: "  scenario: code=500",
        },
        {
          ...common,
          url: `/evaluations?app_id=${APP_A}&__fault=gateway`,
          path: "/evaluations",
          query: { app_id: [APP_A], __fault: ["gateway"] },
          headers: {},
          operation: "listEvaluations",
          status: 502,
          scenario: "fault=gateway",
          fault: "gateway",
          note: "  scenario: fault=gateway",
        },
        {
          ...common,
          url: `/evaluations?app_id=${APP_A}`,
          path: "/evaluations",
          query: { app_id: [APP_A] },
          headers: { prefer: "fault=reset" },
          operation: "listEvaluations",
          // No status: the connection was reset before any.
          status: null,
          scenario: "fault=reset",
          fault: "reset",
          note: "  scenario: fault=reset",
        },
        {
          ...common,
          url: "/evaluation?app_id=x",
          path: "/evaluation",
          query: { app_id: ["x"] },
          headers: {},
          operation: null,
          status: 404,
          nearMiss: "did you mean /evaluations?",
          note: "  near miss: did you mean /evaluations?",
        },
        {
          ...common,
          url: `/human-evaluations/${HUMAN_ID}`,
          path: `/human-evaluations/${HUMAN_ID}`,
          query: {},
          headers: { cookie: "[redacted]" },
          session: "j1",
          operation: "getHumanEvaluation",
          status: 503,
          scenario: "code=503",
          note: "  session scenario: code=503",
        },
        {
          ...common,
          method: "DELETE",
          url: "/evaluations",
          path: "/evaluations",
          query: {},
          headers: { origin: "http://localhost:5173", "content-type": "text/plain" },
          operation: "listEvaluations",
          status: 405,
          note: "",
        },
      ].map((entry, i) => ({ ...entry, id: since + 1 + i, at: expect.any(String), ms: expect.any(Number) })),
    );
    expect(JSON.stringify(entries)).not.toMatch(/s3cret|not selected/);
    for (const entry of entries) {
      expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const at = Date.parse(entry.at);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
      expect(entry.ms).toBeGreaterThanOrEqual(0);
    }
    // Oldest first, and the entries were noted in the order they were sent.
    expect(entries.map((e) => Date.parse(e.at))).toEqual(entries.map((e) => Date.parse(e.at)).sort((a, b) => a - b));
  });

  it("the console's own routes are not journaled", async () => {
    const since = lastId();
    await raw(`${mock.url}/_mock/api/state`);
    await raw(`${mock.url}/_mock/api/sessions`);
    expect(await listed(`since=${since}`)).toEqual([]);
  });
});

describe("filters", () => {
  let since: number;
  let all: JournalEntry[];
  beforeAll(async () => {
    since = lastId();
    await send(`/evaluations?app_id=${APP_A}`);
    await send(`/evaluations?app_id=${APP_A}`, { headers: { "X-Mock-Session": "j1" } });
    await send(`/human-evaluations/${HUMAN_ID}`, { headers: { "X-Mock-Session": "j1" } });
    await send(`/human-evaluations/${HUMAN_ID}`, { headers: { "X-Mock-Session": "j2" } });
    // A later turn, so the instant filter has an instant to fall between.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await send(`/human-evaluations?app_id=${APP_A}`, { headers: { Cookie: "mock-session=j1" } });
    await send(`/human-evaluations/${HUMAN_ID}`);
    await send(`/human-evaluations/${HUMAN_ID}`, { headers: { "X-Mock-Session": "j1" } });
    all = await listed(`since=${since}`);
    expect(all).toHaveLength(7);
  });

  const ids = (entries: JournalEntry[]): number[] => entries.map((e) => e.id);

  it("operation=, session= and since=ID, alone and combined, are what they say", async () => {
    expect(ids(await listed(`since=${since}&operation=getHumanEvaluation`))).toEqual(
      ids(all.filter((e) => e.operation === "getHumanEvaluation")),
    );
    expect(ids(await listed(`since=${since}&session=j1`))).toEqual(ids(all.filter((e) => e.session === "j1")));
    expect(await listed(`since=${since}&session=j1`)).toHaveLength(4);
    // j2 was never PUT: its requests are journaled under the name they gave all the same.
    expect(ids(await listed(`since=${since}&session=j2`))).toEqual([all[3]!.id]);
    expect(ids(await listed(`since=${all[2]!.id}`))).toEqual(ids(all.slice(3)));
    expect(ids(await listed(`after=${all[2]!.id}`))).toEqual(ids(all.slice(3)));
    expect(ids(await listed(`operation=getHumanEvaluation&session=j1&since=${all[2]!.id}`))).toEqual([all[6]!.id]);
    expect(await listed(`since=${all[6]!.id}`)).toEqual([]);
    expect(await listed(`since=999999999999999`)).toEqual([]);
    // No since: the whole journal, these last.
    expect((await listed()).slice(-7)).toEqual(all);
  });

  it("since=<ISO time> gives the entries at or after that instant, whatever the offset is written as", async () => {
    const at = all[4]!.at;
    const want = ids(all.filter((e) => Date.parse(e.at) >= Date.parse(at)));
    expect(want).toContain(all[4]!.id);
    expect(want).not.toContain(all[0]!.id);
    expect(ids(await listed(`since=${encodeURIComponent(at)}&operation=getHumanEvaluation`))).toEqual(
      ids(all.filter((e) => Date.parse(e.at) >= Date.parse(at) && e.operation === "getHumanEvaluation")),
    );
    expect(ids((await listed(`since=${encodeURIComponent(at)}`)).filter((e) => e.id > since))).toEqual(want);
    const ms = Date.parse(at);
    const plusTwo = new Date(ms + 2 * 3_600_000).toISOString().replace("Z", "+02:00");
    expect(ids((await listed(`since=${encodeURIComponent(plusTwo)}`)).filter((e) => e.id > since))).toEqual(want);
    expect(await listed(`since=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)).toEqual([]);
    expect(ids((await listed(`since=2000-01-01T00:00Z`)).slice(-7))).toEqual(ids(all));
  });

  it.each([
    ["operation=listEvals", /^mock: operation must be one of listEvaluations, listHumanEvaluations, getHumanEvaluation, got "listEvals"$/],
    ["session=bad%20name", /^mock: session must be 1 to 64 letters, digits/],
    ["session=", /^mock: session must be/],
    ["since=yesterday", /^mock: since must be a request id or an ISO 8601 time/],
    ["since=2026-11-26", /^mock: since must be a request id or an ISO 8601 time/],
    ["since=2026-11-26T10:00:00", /^mock: since must be a request id or an ISO 8601 time/],
    ["since=2026-13-45T10:00:00Z", /^mock: since must be a request id or an ISO 8601 time/],
    ["since=-1", /^mock: since must be/],
    ["since=1.5", /^mock: since must be/],
    ["since=", /^mock: since must be/],
    ["after=x", /^mock: after must be a request id/],
    ["sesion=j1", /^mock: unknown parameter "sesion" \(known: after, operation, session, since\)$/],
    ["operation=listEvaluations&operation=getHumanEvaluation", /^mock: parameter "operation" given twice$/],
  ])("GET /_mock/api/requests?%s is a 400 naming the parameter", async (query, detail) => {
    const answer = await raw(`${mock.url}/_mock/api/requests?${query}`);
    expect(answer.status).toBe(400);
    expect(detailOf(answer)).toMatch(detail);
  });

  it("server.requests(filter) gives the same entries as the HTTP route", async () => {
    for (const [query, filter] of [
      ["", {}],
      [`since=${since}`, { since }],
      ["operation=getHumanEvaluation", { operation: "getHumanEvaluation" as const }],
      [`session=j1&since=${since}`, { session: "j1", since: String(since) }],
      [`since=${encodeURIComponent(all[4]!.at)}`, { since: new Date(all[4]!.at) }],
    ] as const)
      expect(await listed(query), query).toEqual(mock.requests(filter));
    expect(() => mock.requests({ since: "yesterday" })).toThrow(/since must be a request id or an ISO 8601 time/);
  });
});

describe("what a test asserts with the journal", () => {
  it("how often a client polled", async () => {
    const since = lastId();
    // A page polling a running human evaluation five times, a list request beside it.
    for (let i = 0; i < 5; i++) await send(`/human-evaluations/${HUMAN_ID}`, { headers: { "X-Mock-Session": "poller" } });
    await send(`/human-evaluations?app_id=${APP_A}`, { headers: { "X-Mock-Session": "poller" } });
    expect(await listed(`since=${since}&operation=getHumanEvaluation`)).toHaveLength(5);
    expect(mock.requests({ session: "poller", operation: "getHumanEvaluation" })).toHaveLength(5);
    expect(mock.requests({ session: "poller" })).toHaveLength(6);
  });

  it("requests() includes the requests answered in this very event-loop turn (the log is told at its end)", () => {
    const lines: string[] = [];
    const handler = createMockHandler({ data: exampleDataset(), log: (line) => lines.push(line) });
    const response = { writeHead: () => undefined, end: () => undefined, once: () => undefined };
    try {
      handler({ method: "GET", url: `/evaluations?app_id=${APP_A}`, headers: {} }, response);
      handler({ method: "GET", url: "/evaluation", headers: { "x-mock-session": "same-turn" } }, response);
      // A hung request is journaled as it hangs, with no status.
      handler({ method: "GET", url: `/evaluations?app_id=${APP_A}`, headers: { prefer: "fault=hang" } }, response);
      expect(handler.requests()).toMatchObject([
        { id: 1, url: `/evaluations?app_id=${APP_A}`, status: 200, session: null },
        { id: 2, url: "/evaluation", status: 404, session: "same-turn", nearMiss: "did you mean /evaluations?" },
        { id: 3, status: null, fault: "hang" },
      ]);
      expect(handler.requests({ session: "same-turn" })).toHaveLength(1);
      // Listing told the log too, once.
      expect(lines).toHaveLength(3);
      expect(handler.requests()).toHaveLength(3);
    } finally {
      handler.dispose();
    }
  });

  it("each server keeps its own journal", async () => {
    const since = lastId();
    await send(`/evaluations?app_id=${APP_A}`);
    const server = await startMockServer({ data: exampleDataset(), port: 0 });
    try {
      expect(server.requests()).toEqual([]);
      await raw(`${server.url}/evaluations?app_id=${APP_A}`);
      expect(server.requests()).toMatchObject([{ id: 1, url: `/evaluations?app_id=${APP_A}` }]);
    } finally {
      await server.close();
    }
    expect(mock.requests({ since })).toHaveLength(1);
  });
});

// Issue 32, near misses on the node mock: a request the real service answers 404 or 422 gets the
// real body all the same, and its log line (`  near miss: ...`) and journal entry (`nearMiss`) say
// what it nearly matched: a path one typo from a route, a route outside the base path, a query
// parameter one spelling from `app_id`. A path far from every route has none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MISSING_APP_ID_BODIES } from "../../src/contract/error-bodies.js";
import { startMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { raw } from "./raw.js";

const NOT_FOUND = '{"detail":"Not Found"}';
const HUMAN_ID = exampleDataset().human_evaluations[0]!.id;

/** A mock collecting its log lines; `see` sends one request and gives its answer, log line and journal entry. */
async function mockWithLog(options: { basePath?: string; compat?: "v1" | "v2" } = {}) {
  const lines: string[] = [];
  const mock = await startMockServer({ data: exampleDataset(), port: 0, log: (line) => lines.push(line), ...options });
  const root = `http://127.0.0.1:${mock.port}`;
  const see = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await raw(`${root}${path}`, { headers });
    // requests() tells this turn's log lines first: both are complete now.
    const entry = mock.requests().at(-1)!;
    const line = lines.at(-1)!;
    return { status: answer.status, body: answer.text, entry, line };
  };
  return { mock, see };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The log line of `GET path` answered `status` with `note` after its time (none: nothing after it). */
const lineOf = (path: string, status: number, note?: string): RegExp =>
  new RegExp(`^GET ${escape(path)} ${status} \\d+\\.\\dms${note === undefined ? "" : escape(`  ${note}`)}$`);

describe("near misses without a base path", () => {
  let ctx: Awaited<ReturnType<typeof mockWithLog>>;
  beforeAll(async () => {
    ctx = await mockWithLog();
  });
  afterAll(() => ctx.mock.close());

  it.each([
    ["/evaluation?app_id=X", 404, NOT_FOUND, "near miss: did you mean /evaluations?"],
    ["/evaluation/?app_id=X", 404, NOT_FOUND, "near miss: did you mean /evaluations?"],
    ["/Evaluations?app_id=X", 404, NOT_FOUND, "near miss: did you mean /evaluations?"],
    ["/human-evaluation?app_id=X", 404, NOT_FOUND, "near miss: did you mean /human-evaluations?"],
    [`/human-evaluation/${HUMAN_ID}`, 404, NOT_FOUND, `near miss: did you mean /human-evaluations/${HUMAN_ID}?`],
    [`/human_evaluations/${HUMAN_ID}`, 404, NOT_FOUND, `near miss: did you mean /human-evaluations/${HUMAN_ID}?`],
    ["/evaluations?appId=X", 422, MISSING_APP_ID_BODIES.v1, "near miss: did you mean app_id? (got appId)"],
    ["/evaluations?app-id=X", 422, MISSING_APP_ID_BODIES.v1, "near miss: did you mean app_id? (got app-id)"],
    ["/human-evaluations?APPID=X", 422, MISSING_APP_ID_BODIES.v1, "near miss: did you mean app_id? (got APPID)"],
    ["/human-evaluations/?ap_id=X", 422, MISSING_APP_ID_BODIES.v1, "near miss: did you mean app_id? (got ap_id)"],
  ])("GET %s: %i with the real body, and the near miss in the log and the journal", async (path, status, body, note) => {
    const seen = await ctx.see(path);
    expect([seen.status, seen.body]).toEqual([status, body]);
    expect(seen.line).toMatch(lineOf(path, status, note));
    expect(seen.entry).toMatchObject({ url: path, status, nearMiss: note.replace(/^near miss: /, ""), note: `  ${note}` });
  });

  it.each([
    ["/nothing", 404, NOT_FOUND],
    ["/evaluations/extra/segments", 404, NOT_FOUND],
    ["/", 404, NOT_FOUND],
    ["/evaluations", 422, MISSING_APP_ID_BODIES.v1],
    ["/evaluations?user_id=X", 422, MISSING_APP_ID_BODIES.v1],
    [`/evaluations?app_id=${APP_A}`, 200, undefined],
    ["/human-evaluations/nope", 404, '{"detail":"Evaluation not found"}'],
  ])("GET %s: %i and no near miss", async (path, status, body) => {
    const seen = await ctx.see(path, path === "/" ? { Accept: "application/json" } : {});
    expect(seen.status).toBe(status);
    if (body !== undefined) expect(seen.body).toBe(body);
    expect(seen.line).toMatch(lineOf(path, status));
    expect(seen.entry).toMatchObject({ url: path, status, nearMiss: null, note: "" });
  });

  it("a scenario's note and a near miss share the line", async () => {
    const seen = await ctx.see("/evaluations?appId=X", { Prefer: "delay=0" });
    expect(seen.line).toMatch(lineOf("/evaluations?appId=X", 422, "scenario: delay=0  near miss: did you mean app_id? (got appId)"));
    expect(seen.entry).toMatchObject({ scenario: "delay=0", nearMiss: "did you mean app_id? (got appId)" });
  });

  // A 422 the request asked for, with app_id spelled right, nearly missed nothing.
  it("a forced 422 on a request that sent app_id has no near miss", async () => {
    const seen = await ctx.see(`/evaluations?app_id=${APP_A}`, { Prefer: "code=422" });
    expect([seen.status, seen.body]).toEqual([422, MISSING_APP_ID_BODIES.v1]);
    expect(seen.entry.nearMiss).toBeNull();
    expect(seen.line).not.toMatch(/near miss/);
  });

  it("a session's request gets its near miss too", async () => {
    const seen = await ctx.see("/evaluation?app_id=X", { "X-Mock-Session": "near" });
    expect(seen.entry).toMatchObject({ session: "near", status: 404, nearMiss: "did you mean /evaluations?" });
  });
});

describe("near misses with compat v2", () => {
  it("the 422 body is pydantic 2's, the near miss the same", async () => {
    const ctx = await mockWithLog({ compat: "v2" });
    try {
      const seen = await ctx.see("/evaluations?appId=X");
      expect([seen.status, seen.body]).toEqual([422, MISSING_APP_ID_BODIES.v2]);
      expect(seen.entry.nearMiss).toBe("did you mean app_id? (got appId)");
    } finally {
      await ctx.mock.close();
    }
  });
});

describe("near misses under a base path", () => {
  let ctx: Awaited<ReturnType<typeof mockWithLog>>;
  beforeAll(async () => {
    ctx = await mockWithLog({ basePath: "/api" });
  });
  afterAll(() => ctx.mock.close());

  const outside = "(the mock serves under the base path /api)";
  it.each([
    ["/evaluations?app_id=X", `near miss: did you mean /api/evaluations? ${outside}`],
    ["/evaluations/?app_id=X", `near miss: did you mean /api/evaluations? ${outside}`],
    ["/human-evaluations?app_id=X", `near miss: did you mean /api/human-evaluations? ${outside}`],
    [`/human-evaluations/${HUMAN_ID}`, `near miss: did you mean /api/human-evaluations/${HUMAN_ID}? ${outside}`],
    ["/api/evaluation?app_id=X", "near miss: did you mean /api/evaluations?"],
    [`/api/human-evaluation/${HUMAN_ID}`, `near miss: did you mean /api/human-evaluations/${HUMAN_ID}?`],
  ])("GET %s: 404 with the real body and the near miss", async (path, note) => {
    const seen = await ctx.see(path);
    expect([seen.status, seen.body]).toEqual([404, NOT_FOUND]);
    expect(seen.line).toMatch(lineOf(path, 404, note));
    expect(seen.entry).toMatchObject({ url: path, nearMiss: note.replace(/^near miss: /, "") });
  });

  it("a 422 under the base path names the parameter", async () => {
    const seen = await ctx.see("/api/evaluations?appId=X");
    expect([seen.status, seen.body]).toEqual([422, MISSING_APP_ID_BODIES.v1]);
    expect(seen.entry.nearMiss).toBe("did you mean app_id? (got appId)");
  });

  it.each([
    ["/nothing", "outside the base path /api"],
    ["/api/nothing", undefined],
  ])("GET %s: no near miss", async (path, note) => {
    const seen = await ctx.see(path);
    expect([seen.status, seen.body]).toEqual([404, NOT_FOUND]);
    expect(seen.line).toMatch(lineOf(path, 404, note));
    expect(seen.entry.nearMiss).toBeNull();
  });
});

// MSW per test: `handlers.use({ data, scenario })` applies to the current test until
// `handlers.reset()` (in afterEach, as `server.resetHandlers()`), and `handlers.requests()` is the
// journal a test asserts on: the query its client sent, the trailing slash, how often it polled.
// Under msw/node's setupServer, with real fetch calls.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDataset, buildEvaluation, buildHumanEvaluation } from "../../src/build/index.js";
import { isToolkitError } from "../../src/errors.js";
import { createMswHandlers } from "../../src/msw/index.js";
import { APP_A, exampleDataset } from "../mock/datasets.js";

const ORIGIN = "http://evals.use.test";
const handlers = createMswHandlers({ data: exampleDataset(), origin: ORIGIN });
const server = setupServer(...handlers);
type ListenOptions = Parameters<typeof server.listen>[0];
const strict = { onUnhandledRequest: "error", onUnhandledFrame: "error" } as ListenOptions;

beforeAll(() => server.listen(strict));
afterEach(() => {
  handlers.reset();
  server.resetHandlers();
});
afterAll(() => server.close());

const get = async (path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> => {
  const response = await fetch(`${ORIGIN}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: response.headers.get("content-type") === "application/json" ? JSON.parse(text) : text };
};
const thrown = (run: () => void): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected it to throw");
};

describe("handlers.use: data for this test alone", () => {
  const mine = buildDataset({
    evaluations: [buildEvaluation({ app_id: "aaaaaaaaaaaaaaaaaaaaaaaa" }, { case: "evaluation-status-failed" })],
    human_evaluations: [buildHumanEvaluation({ app_id: "aaaaaaaaaaaaaaaaaaaaaaaa" }, { case: "human-a-b-test" })],
  });

  it("serves the test's records, and the handlers' own again after reset()", async () => {
    handlers.use({ data: mine });
    expect(await get("/evaluations?app_id=aaaaaaaaaaaaaaaaaaaaaaaa")).toEqual({ status: 200, body: mine.evaluations });
    expect((await get(`/human-evaluations/${mine.human_evaluations[0]!.id}`)).body).toEqual(mine.human_evaluations[0]);
    expect(await get(`/evaluations?app_id=${APP_A}`)).toEqual({ status: 200, body: [] });
    handlers.reset();
    expect((await get(`/evaluations?app_id=${APP_A}`)).body).toHaveLength(2);
    expect((await get("/evaluations?app_id=aaaaaaaaaaaaaaaaaaaaaaaa")).body).toEqual([]);
  });

  it("refuses data that breaks the contract with E_DATA_INVALID naming the path and rule, and changes nothing", async () => {
    const broken = { evaluations: [{ ...mine.evaluations[0]!, status: "DONE" }], human_evaluations: [] };
    const error = thrown(() => handlers.use({ data: broken as never, scenario: { code: 500 } }));
    expect(isToolkitError(error) && error.code).toBe("E_DATA_INVALID");
    // The JSON path, then the rule (the checker's keyword) and why.
    expect((error as Error).message).toMatch(/^handlers\.use data is refused: \$\.evaluations\[0\]\.status: [a-z]+: /);
    // Neither the data nor the scenario of the refused call applies.
    expect((await get(`/evaluations?app_id=${APP_A}`)).status).toBe(200);
  });
});

describe("handlers.use: scenarios for this test alone", () => {
  it("applies a scenario to one operation only", async () => {
    handlers.use({ scenario: { operation: "listEvaluations", code: 500 } });
    expect(await get(`/evaluations?app_id=${APP_A}`)).toEqual({ status: 500, body: { detail: "Internal Server Error" } });
    expect((await get(`/human-evaluations?app_id=${APP_A}`)).status).toBe(200);
  });

  it("applies a scenario to every operation, the per-operation one winning, and a request's own Prefer over both", async () => {
    handlers.use({ scenario: [{ empty: true }, { operation: "getHumanEvaluation", code: 404 }] });
    expect(await get(`/evaluations?app_id=${APP_A}`)).toEqual({ status: 200, body: [] });
    expect(await get(`/human-evaluations?app_id=${APP_A}`)).toEqual({ status: 200, body: [] });
    const id = exampleDataset().human_evaluations[0]!.id;
    expect((await get(`/human-evaluations/${id}`)).status).toBe(404);
    expect((await get(`/human-evaluations/${id}`, { headers: { Prefer: "code=200" } })).status).toBe(200);
    expect((await get(`/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=503" } })).status).toBe(503);
  });

  it("a later use() sets what it names and keeps the rest; reset() clears both", async () => {
    const mine = buildDataset({ evaluations: [buildEvaluation({ app_id: APP_A })] });
    handlers.use({ data: mine });
    handlers.use({ scenario: { delay: 0, operation: "listHumanEvaluations", code: 503 } });
    expect((await get(`/evaluations?app_id=${APP_A}`)).body).toEqual(mine.evaluations);
    expect((await get(`/human-evaluations?app_id=${APP_A}`)).status).toBe(503);
    handlers.reset();
    expect((await get(`/evaluations?app_id=${APP_A}`)).body).toHaveLength(2);
    expect((await get(`/human-evaluations?app_id=${APP_A}`)).status).toBe(200);
  });

  it("stacks per operation: three uses for three operations each keep theirs (502, 503, 200)", async () => {
    const byId = `/human-evaluations/${exampleDataset().human_evaluations[0]!.id}`;
    handlers.use({ scenario: { operation: "listEvaluations", code: 502 } });
    handlers.use({ scenario: { operation: "listHumanEvaluations", code: 503 } });
    handlers.use({ scenario: { operation: "getHumanEvaluation", code: 200 } });
    const statuses = async (): Promise<number[]> => [
      (await get(`/evaluations?app_id=${APP_A}`)).status,
      (await get(`/human-evaluations?app_id=${APP_A}`)).status,
      (await get(byId)).status,
    ];
    expect(await statuses()).toEqual([502, 503, 200]);
    // A later scenario for one operation replaces that one's only; `code: 200` answers it normally again.
    handlers.use({ scenario: { operation: "listEvaluations", code: 200 } });
    expect(await statuses()).toEqual([200, 503, 200]);
    // One without operation names them all: it replaces every earlier one.
    handlers.use({ scenario: { code: 500 } });
    expect(await statuses()).toEqual([500, 500, 500]);
    handlers.use({ scenario: { operation: "getHumanEvaluation", code: 404 } });
    expect(await statuses()).toEqual([500, 500, 404]);
    handlers.reset();
    expect(await statuses()).toEqual([200, 200, 200]);
  });

  it("refuses a wrong scenario or option with one E_USAGE line, before anything changes", async () => {
    for (const [use, message] of [
      [{ scenario: { code: 302 } }, 'handlers.use: scenario: code must be 200 or 400 to 599, got "302"'],
      [
        { scenario: { fault: "explode" } },
        'handlers.use: scenario: unknown fault "explode" (known: reset, empty, malformed, hang, dribble, gateway, truncated)',
      ],
      [
        { scenario: { operation: "listEvals" } },
        "handlers.use: scenario: operation must be one of listEvaluations, listHumanEvaluations, getHumanEvaluation",
      ],
      [{ senario: { code: 500 } }, 'handlers.use: unknown option "senario" (known: data, scenario)'],
    ] as const) {
      const error = thrown(() => handlers.use(use as never));
      expect(isToolkitError(error) && error.code).toBe("E_USAGE");
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain("\n");
    }
    expect((await get(`/evaluations?app_id=${APP_A}`)).status).toBe(200);
  });
});

describe("handlers.setDataset: until reset()", () => {
  it("takes a Dataset (a typo in a record is a type error), and reset() undoes it", async () => {
    const fewer = buildDataset({ evaluations: [buildEvaluation({ app_id: APP_A })] });
    expect(handlers.setDataset(fewer, "fewer")).toMatch(/^1 evaluation/);
    expect((await get(`/evaluations?app_id=${APP_A}`)).body).toEqual(fewer.evaluations);
    // use() data wins over setDataset's while the test runs.
    handlers.use({ data: buildDataset({ evaluations: [] }) });
    expect((await get(`/evaluations?app_id=${APP_A}`)).body).toEqual([]);
    handlers.reset();
    expect((await get(`/evaluations?app_id=${APP_A}`)).body).toEqual(exampleDataset().evaluations.filter((e) => e.app_id === APP_A));
    // @ts-expect-error setDataset takes a Dataset, as use({ data }) does: not any value
    expect(() => handlers.setDataset({ evaluations: "none" })).toThrow(/is refused/);
  });
});

describe("handlers.requests: what the client sent", () => {
  it("records the query, the trailing slash, the operation and the status of each request", async () => {
    await get(`/evaluations/?app_id=${APP_A}&app_id=second`);
    await get(`/human-evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=500", Authorization: "Bearer secret" } });
    const [list, human] = handlers.requests();
    expect(list).toMatchObject({
      method: "GET",
      path: "/evaluations/",
      query: { app_id: [APP_A, "second"] },
      operation: "listEvaluations",
      status: 200,
      session: null,
      fault: null,
      nearMiss: null,
    });
    expect(human).toMatchObject({ operation: "listHumanEvaluations", status: 500, scenario: "code=500" });
    expect(human!.headers).toMatchObject({ prefer: "code=500", authorization: "[redacted]" });
    expect(JSON.stringify(human)).not.toContain("secret");
  });

  it("counts a polling client's requests, filtered by operation and since", async () => {
    await get(`/human-evaluations?app_id=${APP_A}`);
    const first = handlers.requests().at(-1)!.id;
    for (let i = 0; i < 5; i++) await get(`/evaluations?app_id=${APP_A}`);
    expect(handlers.requests({ operation: "listEvaluations" })).toHaveLength(5);
    expect(handlers.requests({ since: first }).map((entry) => entry.operation)).toEqual(Array(5).fill("listEvaluations"));
    expect(handlers.requests({ since: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  it("says what a near miss nearly matched, with the real body", async () => {
    expect(await get(`/evaluation?app_id=${APP_A}`)).toEqual({ status: 404, body: { detail: "Not Found" } });
    expect((await get(`/evaluations?appId=${APP_A}`)).status).toBe(422);
    expect(handlers.requests().map((entry) => entry.nearMiss)).toEqual(["did you mean /evaluations?", "did you mean app_id? (got appId)"]);
  });

  it("starts empty in each test (reset() in afterEach clears it)", () => {
    expect(handlers.requests()).toEqual([]);
  });
});

// MSW per test, the MSW way: `handlers.override({ data, scenario, live })` makes request handlers
// for `server.use(...)`, so MSW itself stacks them (the latest wins for the operations it answers,
// the others fall through to the next handler), `server.resetHandlers()` removes them and
// `server.boundary()` scopes them. Their requests are in `handlers.requests()`. Under msw/node's
// setupServer, with real fetch calls.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDataset, buildEvaluation, buildHumanEvaluation } from "../../src/build/index.js";
import { isToolkitError } from "../../src/errors.js";
import { createMswHandlers } from "../../src/msw/index.js";
import { APP_A, exampleDataset } from "../mock/datasets.js";

const ORIGIN = "http://evals.override.test";
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

const BY_ID = `/human-evaluations/${exampleDataset().human_evaluations[0]!.id}`;
const LIST = `/evaluations?app_id=${APP_A}`;
const HUMAN = `/human-evaluations?app_id=${APP_A}`;
const status = async (path: string): Promise<number> => (await fetch(`${ORIGIN}${path}`)).status;
const statuses = async (): Promise<number[]> => [await status(LIST), await status(HUMAN), await status(BY_ID)];
const json = async (path: string): Promise<unknown> => (await fetch(`${ORIGIN}${path}`)).json();
const thrown = (run: () => void): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected it to throw");
};
/** A promise and the function that settles it: a signal between two concurrent tasks, no sleeps. */
const signal = (): { promise: Promise<void>; fire: () => void } => {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
};

const APP = "aaaaaaaaaaaaaaaaaaaaaaaa";
const mine = buildDataset({
  evaluations: [buildEvaluation({ app_id: APP }, { case: "evaluation-status-failed" })],
  human_evaluations: [buildHumanEvaluation({ app_id: APP }, { case: "human-a-b-test" })],
});

describe("handlers.override: the operations it names, the rest falls through", () => {
  it("a scenario for one operation answers that one; the others fall through to the handlers", async () => {
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 500 } }));
    expect(await statuses()).toEqual([500, 200, 200]);
    expect(await json(LIST)).toEqual({ detail: "Internal Server Error" });
    expect(((await json(HUMAN)) as unknown[]).length).toBeGreaterThan(0);
  });

  it("a scenario without operation answers all three", async () => {
    server.use(...handlers.override({ scenario: { code: 503 } }));
    expect(await statuses()).toEqual([503, 503, 503]);
  });

  it("data alone answers all three operations from that data; with a scenario too, that data under the scenario", async () => {
    server.use(...handlers.override({ data: mine }));
    expect(await json(`/evaluations?app_id=${APP}`)).toEqual(mine.evaluations);
    expect(await json(`/human-evaluations?app_id=${APP}`)).toEqual(mine.human_evaluations);
    expect(await json(`/human-evaluations/${mine.human_evaluations[0]!.id}`)).toEqual(mine.human_evaluations[0]);
    expect(await status(BY_ID)).toBe(404); // the handlers' own record is not in this data
    server.use(...handlers.override({ data: mine, scenario: { operation: "getHumanEvaluation", code: 500 } }));
    expect(await json(`/evaluations?app_id=${APP}`)).toEqual(mine.evaluations);
    expect(await status(`/human-evaluations/${mine.human_evaluations[0]!.id}`)).toBe(500);
  });

  it("without data, answers from the data the handlers serve now (use, setDataset)", async () => {
    handlers.use({ data: mine });
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", empty: true } }));
    expect(await json(`/evaluations?app_id=${APP}`)).toEqual([]);
    expect(await json(`/human-evaluations?app_id=${APP}`)).toEqual(mine.human_evaluations);
  });

  it("a request's own Prefer still wins over the override's scenario", async () => {
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 500 } }));
    expect((await fetch(`${ORIGIN}${LIST}`, { headers: { Prefer: "code=200" } })).status).toBe(200);
  });
});

describe("handlers.override: stacked, reset and scoped by MSW", () => {
  it("stacked overrides: the latest wins for the operations it names, earlier ones stay for the rest", async () => {
    server.use(
      ...handlers.override({
        scenario: [
          { operation: "listEvaluations", code: 500 },
          { operation: "listHumanEvaluations", code: 500 },
        ],
      }),
    );
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 503 } }));
    expect(await statuses()).toEqual([503, 500, 200]);
    // `code: 200` names its operation: the latest says it answers normally.
    server.use(...handlers.override({ scenario: { operation: "listHumanEvaluations", code: 200 } }));
    expect(await statuses()).toEqual([503, 200, 200]);
  });

  it("server.resetHandlers() removes them", async () => {
    server.use(...handlers.override({ data: mine, scenario: { code: 502 } }));
    expect(await statuses()).toEqual([502, 502, 502]);
    server.resetHandlers();
    expect(await statuses()).toEqual([200, 200, 200]);
    expect(((await json(LIST)) as unknown[]).length).toBe(2);
  });

  it("an override inside server.boundary() is not seen by a concurrent boundary, nor after it", async () => {
    const applied = signal();
    const checked = signal();
    const seen: Record<string, number[]> = {};
    const inside = server.boundary(async () => {
      server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 503 } }));
      seen.insideBefore = await statuses();
      applied.fire();
      await checked.promise; // the other boundary asks while this one's override is in force
      seen.insideAfter = await statuses();
    });
    const outside = server.boundary(async () => {
      await applied.promise;
      seen.outside = await statuses();
      checked.fire();
    });
    await Promise.all([inside(), outside()]);
    expect(seen).toEqual({ insideBefore: [503, 200, 200], outside: [200, 200, 200], insideAfter: [503, 200, 200] });
    expect(await statuses()).toEqual([200, 200, 200]);
  });

  it("the journal has the overrides' requests beside the handlers' own, with their scenario", async () => {
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 500 } }));
    await statuses();
    expect(handlers.requests().map((entry) => [entry.operation, entry.status, entry.scenario])).toEqual([
      ["listEvaluations", 500, "code=500"],
      ["listHumanEvaluations", 200, ""],
      ["getHumanEvaluation", 200, ""],
    ]);
    expect(handlers.requests({ operation: "listEvaluations" })).toHaveLength(1);
    handlers.reset();
    expect(handlers.requests()).toEqual([]);
  });
});

describe("handlers.override: live", () => {
  it("moves a running evaluation to its final status over durationMs, on the test's clock", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const running = buildDataset({ evaluations: [buildEvaluation({ app_id: APP }, { case: "evaluation-status-started" })] });
    server.use(...handlers.override({ data: running, live: { durationMs: 1000, clock: () => now } }));
    const statusNow = async (): Promise<string> =>
      ((await json(`/evaluations?app_id=${APP}`)) as Array<{ status: { value: string } }>)[0]!.status.value;
    expect(await statusNow()).toBe("EVALUATION_STARTED");
    now += 2000;
    expect(["EVALUATION_FINISHED", "EVALUATION_FINISHED_WITH_ERRORS", "EVALUATION_FAILED"]).toContain(await statusNow());
  });

  it("without data, moves the data the handlers serve", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const running = buildDataset({ evaluations: [buildEvaluation({ app_id: APP }, { case: "evaluation-status-started" })] });
    handlers.use({ data: running });
    server.use(...handlers.override({ live: { durationMs: 1000, clock: () => now } }));
    const value = async (): Promise<string> =>
      ((await json(`/evaluations?app_id=${APP}`)) as Array<{ status: { value: string } }>)[0]!.status.value;
    expect(await value()).toBe("EVALUATION_STARTED");
    now += 2000;
    expect(await value()).not.toBe("EVALUATION_STARTED");
  });
});

describe("handlers.override: checked when called", () => {
  it("refuses a wrong option, scenario or live setting with one E_USAGE line, and data that breaks the contract with E_DATA_INVALID", () => {
    for (const [options, message] of [
      [{ senario: { code: 500 } }, 'handlers.override: unknown option "senario" (known: data, scenario, live)'],
      [{ scenario: { code: 302 } }, 'handlers.override: scenario: code must be 200 or 400 to 599, got "302"'],
      [{ scenario: { operation: "listEvals" } }, "handlers.override: scenario: operation must be one of listEvaluations"],
      [{ live: { durationMs: -1 } }, "handlers.override: live durationMs must be a whole number of milliseconds"],
      [{ live: { speed: 2 } }, 'handlers.override: live has an unknown option "speed" (known: durationMs, seed, clock)'],
      [{ live: "fast" }, "handlers.override: live must be true or an object"],
      ["listEvaluations", "handlers.override takes an object like { data, scenario, live }"],
    ] as const) {
      const error = thrown(() => handlers.override(options as never));
      expect(isToolkitError(error) && error.code).toBe("E_USAGE");
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain("\n");
    }
    const broken = { evaluations: [{ ...mine.evaluations[0]!, status: "DONE" }], human_evaluations: [] };
    const error = thrown(() => handlers.override({ data: broken as never }));
    expect(isToolkitError(error) && error.code).toBe("E_DATA_INVALID");
    expect((error as Error).message).toMatch(/^handlers\.override data is refused: \$\.evaluations\[0\]\.status: /);
  });
});

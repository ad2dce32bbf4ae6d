// Issue 40, "Answers users ask for", in MSW (msw/node's setupServer, real fetch): `times: N` on
// `handlers.override` and `handlers.use` (fail N times, then answer normally; a new override or use
// counts again), `fault: "truncated"` (res.json() rejects with a SyntaxError) and a custom answer
// `respond`, checked against the contract (E_DATA_INVALID) unless `unchecked`; bad values are
// E_USAGE. The types refuse typos and a respond mixed with code, empty or fault.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildEvaluation } from "../../src/build/index.js";
import { isToolkitError } from "../../src/errors.js";
import { createMswHandlers, type RespondSetting, type ScenarioSetting } from "../../src/msw/index.js";
import { APP_A, APP_C, exampleDataset } from "../mock/datasets.js";

const ORIGIN = "http://evals.answers.test";
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

const LIST = `${ORIGIN}/evaluations?app_id=${APP_A}`;
const HUMAN = `${ORIGIN}/human-evaluations?app_id=${APP_A}`;
const EMPTY = `${ORIGIN}/evaluations?app_id=${APP_C}`;
const statuses = async (url: string, count: number): Promise<number[]> => {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await fetch(url)).status);
  return seen;
};
const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected it to throw");
};

describe("times in MSW", () => {
  it("handlers.override({ scenario: { operation, code: 500, times: 2 } }) fails twice, then answers normally", async () => {
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 500, times: 2 } }));
    expect(await statuses(HUMAN, 1)).toEqual([200]);
    expect(await statuses(LIST, 4)).toEqual([500, 500, 200, 200]);
  });

  it("a new override counts again; server.resetHandlers() removes it", async () => {
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 503, times: 1 } }));
    expect(await statuses(LIST, 2)).toEqual([503, 200]);
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 503, times: 1 } }));
    expect(await statuses(LIST, 2)).toEqual([503, 200]);
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", code: 503, times: 5 } }));
    server.resetHandlers();
    expect(await statuses(LIST, 1)).toEqual([200]);
  });

  it("handlers.use takes times too; a new use counts again, and reset() ends it", async () => {
    handlers.use({ scenario: { operation: "listEvaluations", code: 500, times: 2 } });
    expect(await statuses(LIST, 3)).toEqual([500, 500, 200]);
    handlers.use({ scenario: { operation: "listEvaluations", code: 500, times: 1 } });
    expect(await statuses(LIST, 2)).toEqual([500, 200]);
    handlers.use({ scenario: { operation: "listEvaluations", code: 500, times: 3 } });
    handlers.reset();
    expect(await statuses(LIST, 1)).toEqual([200]);
  });

  it("a use for another operation keeps the first one's count going", async () => {
    handlers.use({ scenario: { operation: "listEvaluations", code: 500, times: 2 } });
    expect(await statuses(LIST, 1)).toEqual([500]);
    handlers.use({ scenario: { operation: "listHumanEvaluations", code: 503, times: 1 } });
    expect([...(await statuses(LIST, 2)), ...(await statuses(HUMAN, 2))]).toEqual([500, 200, 503, 200]);
  });

  it("a request's own Prefer times is a 400 mock fault", async () => {
    const response = await fetch(LIST, { headers: { Prefer: "code=500, times=2" } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/^mock: times applies to a scenario setting/);
  });

  it.each([1e9, -1, 0, 1.5, Number.NaN, "2", Infinity])("times %s is E_USAGE, for use and override alike", (times) => {
    const scenario = { operation: "listEvaluations", code: 500, times } as unknown as ScenarioSetting;
    for (const error of [thrown(() => handlers.use({ scenario })), thrown(() => handlers.override({ scenario }))]) {
      expect(isToolkitError(error) && error.code).toBe("E_USAGE");
      expect((error as Error).message).toMatch(/scenario: times must be a whole number from 1 to 10000/);
    }
  });
});

describe('fault: "truncated" in MSW', () => {
  it("a 200 application/json cut off mid-JSON: res.json() rejects with a SyntaxError", async () => {
    const whole = await (await fetch(LIST)).text();
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", fault: "truncated" } }));
    const response = await fetch(LIST);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const text = await response.clone().text();
    expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect(text.length).toBeGreaterThan(0);
    expect(whole.startsWith(text) && text !== whole).toBe(true);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it("on an empty list: `[`, and with times: 1 the next answer is whole", async () => {
    handlers.use({ scenario: { fault: "truncated", times: 1 } });
    expect(await (await fetch(EMPTY)).text()).toBe("[");
    expect(await (await fetch(EMPTY)).json()).toEqual([]);
  });
});

describe("respond in MSW", () => {
  const evaluation = buildEvaluation({ app_id: APP_A }, { seed: 3 });

  it("answers the custom 200 body and headers", async () => {
    server.use(
      ...handlers.override({
        scenario: { operation: "listEvaluations", respond: { status: 200, headers: { "X-Trace": "t1" }, body: [evaluation] } },
      }),
    );
    const response = await fetch(LIST);
    expect(response.headers.get("x-trace")).toBe("t1");
    expect(await response.json()).toEqual([evaluation]);
    expect((await fetch(HUMAN)).status).toBe(200);
  });

  it("a 200 body the contract refuses is E_DATA_INVALID naming the path and rule; unchecked: true sends it", async () => {
    const wrong = { status: 200, body: [{ ...evaluation, status: "EVALUATION_FAILD" }] };
    const error = thrown(() => handlers.override({ scenario: { operation: "listEvaluations", respond: wrong } }));
    expect(isToolkitError(error) && error.code).toBe("E_DATA_INVALID");
    expect((error as Error).message).toMatch(/a 200 of listEvaluations is not what the contract allows: \$\[0\]\.status \(/);
    expect(isToolkitError(thrown(() => handlers.use({ scenario: { operation: "listEvaluations", respond: wrong } })))).toBe(true);
    server.use(...handlers.override({ scenario: { operation: "listEvaluations", respond: wrong, unchecked: true, times: 1 } }));
    expect(((await (await fetch(LIST)).json()) as Array<{ status: string }>)[0]!.status).toBe("EVALUATION_FAILD");
    expect((await fetch(LIST)).status).toBe(200);
  });

  it("framing headers, CRLF and a 1xx status are E_USAGE", () => {
    const attacks: RespondSetting[] = [
      { status: 418, headers: { "Transfer-Encoding": "chunked" }, body: 1 },
      { status: 418, headers: { "X-A": "a\r\nb: c" }, body: 1 },
      { status: 101, body: 1 },
      { status: 418, body: "x".repeat(10 * 1024 * 1024) },
    ];
    for (const respond of attacks) {
      const error = thrown(() => handlers.override({ scenario: { operation: "listEvaluations", respond } }));
      expect(isToolkitError(error) && error.code).toBe("E_USAGE");
      expect((error as Error).message).toMatch(/^handlers\.override: scenario: respond\.(headers|status|body)/);
    }
  });

  it("a cyclic or BigInt body is E_USAGE, not a crash", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const body of [cyclic, 1n]) {
      const error = thrown(() => handlers.use({ scenario: { operation: "listEvaluations", respond: { status: 418, body } } }));
      expect(isToolkitError(error) && error.code).toBe("E_USAGE");
      expect((error as Error).message).toMatch(/respond.body is not JSON/);
    }
  });
});

describe("the scenario types", () => {
  it("refuse typos and a respond mixed with code, empty or fault", () => {
    const ok: ScenarioSetting[] = [
      { operation: "listEvaluations", code: 500, times: 2 },
      { fault: "truncated" },
      { operation: "getHumanEvaluation", respond: { status: 404, body: { detail: "Not Found" } }, unchecked: true, delay: 10 },
    ];
    // @ts-expect-error a typo of a fault does not compile
    const fault: ScenarioSetting = { fault: "truncate" };
    // @ts-expect-error a typo of an operation does not compile
    const operation: ScenarioSetting = { operation: "listEvaluation", code: 500 };
    // @ts-expect-error respond is the whole answer: no code with it
    const clash: ScenarioSetting = { respond: { status: 200, body: [] }, code: 500 };
    // @ts-expect-error unchecked goes with respond
    const loose: ScenarioSetting = { code: 500, unchecked: true };
    expect([ok, fault, operation, clash, loose]).toHaveLength(5);
  });
});

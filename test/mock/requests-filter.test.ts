// Issue 39: a filter of `requests()` that names nothing real is E_USAGE with a did-you-mean, never
// `[]`: `handlers.requests({ operation: "listEvaluation" })` (a typo) listed nothing, so a test's
// "the client never called it" always passed. The same for the node mock's `server.requests()` and
// for the other filter keys. MSW 2 under msw/node with real fetch calls; the node mock on port 0.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isToolkitError } from "../../src/errors.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import type { JournalFilter } from "../../src/mock/journal.js";
import { createMswHandlers } from "../../src/msw/index.js";
import { APP_A, exampleDataset } from "./datasets.js";

const ORIGIN = "http://evals.requests-filter.test";
const handlers = createMswHandlers({ data: exampleDataset(), origin: ORIGIN });
const server = setupServer(...handlers);
let mock: RunningMockServer;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "bypass" });
  mock = await startMockServer({ data: exampleDataset(), port: 0 });
  // One call of each list, through each mock.
  for (const base of [ORIGIN, mock.url]) {
    expect((await fetch(`${base}/evaluations?app_id=${APP_A}`)).status).toBe(200);
    expect((await fetch(`${base}/human-evaluations?app_id=${APP_A}`)).status).toBe(200);
  }
});
afterAll(async () => {
  server.close();
  await mock.close();
});

/** The E_USAGE message `run` throws (fails the test if it throws anything else, or nothing). */
function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isToolkitError(error) && error.code === "E_USAGE") return error.message;
    throw error;
  }
  throw new Error("expected E_USAGE");
}

const HUGE = "listEvaluations".repeat(35_000); // 525 KB

/** [what, filter, what the message says]: each is E_USAGE in both mocks. */
const WRONG: [string, unknown, RegExp][] = [
  [
    "an operation typo",
    { operation: "listEvaluation" },
    /unknown operation "listEvaluation" \(did you mean "listEvaluations"\?\); known: listEvaluations, listHumanEvaluations, getHumanEvaluation/,
  ],
  [
    "an operation in another case",
    { operation: "ListEvaluations" },
    /unknown operation "ListEvaluations" \(did you mean "listEvaluations"\?\)/,
  ],
  ["the path for the operation", { operation: "/evaluations" }, /unknown operation "\/evaluations"; known: /],
  ["a prototype's name", { operation: "constructor" }, /unknown operation "constructor"/],
  ["a number", { operation: 1 }, /unknown operation number/],
  ["a 525 KB operation", { operation: HUGE }, /unknown operation "(listEvaluations)+listE\.\.\."; known/],
  ["a key typo", { operations: "listEvaluations" }, /unknown filter "operations" \(did you mean "operation"\?\)/],
  ["since misspelt", { sinse: 3 }, /unknown filter "sinse" \(did you mean "since"\?\)/],
  ["an own __proto__ key", JSON.parse('{"__proto__": {"operation": "x"}}'), /unknown filter "__proto__"/],
  ["a bad since", { since: "yesterday" }, /since must be a request id or an ISO 8601 time/],
  ["since as an object", { since: { id: 3 } }, /since must be a request id, an ISO 8601 time or a Date, got object/],
  ["since as a BigInt", { since: 3n }, /since must be a request id, an ISO 8601 time or a Date, got bigint/],
  ["since as NaN", { since: Number.NaN }, /since must be a request id \(0 or more\), got NaN/],
  ["since as an invalid Date", { since: new Date("x") }, /since is an invalid Date/],
  ["a Map", new Map([["operation", "listEvaluations"]]), /takes an object/],
  ["a string", "listEvaluations", /takes an object like \{ operation: "listEvaluations" \}/],
  ["an array", ["listEvaluations"], /takes an object/],
];

describe.each([
  ["handlers.requests (MSW 2)", (filter: unknown) => handlers.requests(filter as JournalFilter)],
  ["server.requests (node mock)", (filter: unknown) => mock.requests(filter as JournalFilter)],
])("%s", (name, requests) => {
  it.each(WRONG)("%s is E_USAGE, one short line naming it", (_what, filter, says) => {
    const message = usage(() => requests(filter));
    expect(message).toMatch(says);
    expect(message.startsWith(name.split(" ")[0]!)).toBe(true);
    expect(message.length).toBeLessThan(300);
    expect(message).not.toContain("\n");
  });

  it("a valid filter still lists what was called, and nothing for an operation never called", () => {
    expect(requests({ operation: "listEvaluations" }).map((entry) => entry.operation)).toEqual(["listEvaluations"]);
    expect(requests({ operation: "getHumanEvaluation" })).toEqual([]);
    expect(requests({ operation: undefined }).length).toBe(2);
    expect(requests(undefined).length).toBe(2);
    expect(requests({ since: 1 }).length).toBe(1);
  });
});

describe("session filters", () => {
  it("MSW has no sessions: a session filter is an unknown key there, not a filter that matches nothing", () => {
    expect(usage(() => handlers.requests({ session: "w1" } as JournalFilter))).toMatch(
      /handlers\.requests: unknown filter "session"; known: operation, since/,
    );
  });

  it("the node mock refuses a session name no request can carry", () => {
    expect(usage(() => mock.requests({ session: "has space" }))).toMatch(/server\.requests: session must be 1 to 64 letters, digits/);
    expect(mock.requests({ session: "nobody" })).toEqual([]);
  });
});

// coverage recognises a record built with a case as that case: for every record case of CLIENT_CASES,
// its own recognize() on the record, and casesInBody() (what coverage runs on each answered body) on a
// list and on the by-id answer; then end to end, a dataset of one record per case served by the MSW
// handlers with their `record` option, tallied by coverage: every record case seen.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDataset, buildEvaluation, buildHumanEvaluation, DEFAULT_APP_ID } from "../../src/build/index.js";
import { CLIENT_CASES, casesInBody, type ClientCase } from "../../src/contract/client-cases.js";
import { tallyCoverage } from "../../src/coverage/index.js";
import type { Observation } from "../../src/coverage/observation.js";
import { createMswHandlers } from "../../src/msw/index.js";

const EVALUATION_CASES = CLIENT_CASES.filter((c) => c.scope === "evaluation");
const HUMAN_CASES = CLIENT_CASES.filter((c) => c.scope === "human-evaluation");
const asJson = (record: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(record)) as Record<string, unknown>;

describe("a record built with a case is that case for coverage", () => {
  it("every record case of CLIENT_CASES is one of a builder's", () => {
    expect(EVALUATION_CASES.length + HUMAN_CASES.length).toBe(CLIENT_CASES.filter((c) => c.recognize).length);
  });

  it.each(EVALUATION_CASES.map((c): [string, ClientCase] => [c.id, c]))("%s: recognised in the record and in a list body", (id, c) => {
    for (let seed = 1; seed <= 10; seed++) {
      const record = asJson(buildEvaluation({}, { case: id as never, seed }));
      expect(c.recognize!(record), `seed ${seed}`).toBe(true);
      expect(casesInBody("listEvaluations", [record])).toContain(id);
    }
  });

  it.each(HUMAN_CASES.map((c): [string, ClientCase] => [c.id, c]))(
    "%s: recognised in the record, a list body and the by-id body",
    (id, c) => {
      for (let seed = 1; seed <= 10; seed++) {
        const record = asJson(buildHumanEvaluation({}, { case: id as never, seed }));
        expect(c.recognize!(record), `seed ${seed}`).toBe(true);
        expect(casesInBody("listHumanEvaluations", [record])).toContain(id);
        expect(casesInBody("getHumanEvaluation", record)).toContain(id);
      }
    },
  );

  it("a record built without a case shows no case its builder did not make: finished, clean", () => {
    expect(casesInBody("listEvaluations", [asJson(buildEvaluation())])).toEqual(["evaluation-status-finished"]);
    expect(casesInBody("getHumanEvaluation", asJson(buildHumanEvaluation()))).toEqual(["human-a-b-test", "human-finished"]);
  });
});

describe("served by the MSW handlers and tallied by coverage", () => {
  const ORIGIN = "http://evals.build.test";
  const observations: Observation[] = [];
  const data = buildDataset({
    evaluations: EVALUATION_CASES.map((c) => buildEvaluation({}, { case: c.id as never })),
    human_evaluations: HUMAN_CASES.map((c) => buildHumanEvaluation({}, { case: c.id as never })),
  });
  const server = setupServer(...createMswHandlers({ data, origin: ORIGIN, record: (o) => observations.push(o) }));
  beforeAll(() => server.listen({ onUnhandledRequest: "error", onUnhandledFrame: "error" } as never));
  afterAll(() => server.close());

  it("every record case is seen on the consumer side", async () => {
    await fetch(`${ORIGIN}/evaluations?app_id=${DEFAULT_APP_ID}`);
    await fetch(`${ORIGIN}/human-evaluations?app_id=${DEFAULT_APP_ID}`);
    for (const human of data.human_evaluations) await fetch(`${ORIGIN}/human-evaluations/${human.id}`);
    // Each record case required where it can show: evaluations in their list, human ones in theirs and by id.
    const require = [
      ...EVALUATION_CASES.map((c) => `listEvaluations:${c.id}`),
      ...HUMAN_CASES.flatMap((c) => [`listHumanEvaluations:${c.id}`, `getHumanEvaluation:${c.id}`]),
    ];
    const report = tallyCoverage(observations, [{ file: "msw", side: "consumer", source: "msw", observations: observations.length }], {
      require,
    });
    expect(report.missingRequired).toEqual([]);
    expect(report.required).toHaveLength(EVALUATION_CASES.length + 2 * HUMAN_CASES.length);
    expect(report.passed).toBe(true);
  });
});

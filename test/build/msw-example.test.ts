// docs/build.md's Vitest + MSW example, run: docs.test.ts checks the page shows this code (below
// this header), with the package's names for the two imports from src/.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import {
  buildDataset,
  buildEvaluation,
  buildHumanEvaluation,
  DEFAULT_APP_ID,
  rewindSequence,
  type Evaluation,
} from "../../src/build/index.js";
import { createMswHandlers } from "../../src/msw/index.js";

const API = "http://localhost:3000/api";
const handlers = createMswHandlers({ origin: "http://localhost:3000", basePath: "/api", data: buildDataset() });
const server = setupServer(...handlers);
// Fail a test on any request no handler claims: msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame (and ignores the other).
const strict = { onUnhandledRequest: "error", onUnhandledFrame: "error" } as const;
beforeAll(() => server.listen(strict));
afterEach(() => rewindSequence()); // each test's records, whatever ran before it
afterAll(() => server.close());

// The client under test (in your app, it is your own code).
async function evaluationRows(appId: string) {
  const response = await fetch(`${API}/evaluations/?app_id=${appId}`);
  const evaluations = (await response.json()) as Evaluation[];
  return evaluations.map((e) => ({
    status: e.status.value,
    error: e.status.error?.message ?? "",
    cost: e.total_cost?.value ?? "-",
    columns: e.aggregated_results.map((a) => ("name" in a.evaluator_config ? a.evaluator_config.name : "(deleted)")),
  }));
}

it("shows a failed evaluation's error and no cost", async () => {
  handlers.setDataset(buildDataset({ evaluations: [buildEvaluation({}, { case: "evaluation-status-failed" })] }));
  expect(await evaluationRows(DEFAULT_APP_ID)).toEqual([
    { status: "EVALUATION_FAILED", error: "Evaluation Failed", cost: "-", columns: [] },
  ]);
});

it("survives a deleted evaluator config and a running evaluation", async () => {
  handlers.setDataset(
    buildDataset({
      evaluations: [
        buildEvaluation({}, { case: "evaluation-deleted-evaluator-config" }),
        buildEvaluation({ user_username: "" }, { case: "evaluation-status-started" }),
      ],
    }),
  );
  const [finished, running] = await evaluationRows(DEFAULT_APP_ID);
  expect(finished!.columns).toContain("(deleted)");
  expect(running).toEqual({ status: "EVALUATION_STARTED", error: "", cost: "-", columns: [] });
});

it("opens an unfinished A/B test by its id", async () => {
  const abTest = buildHumanEvaluation({}, { case: ["human-a-b-test", "human-unfinished"] });
  handlers.setDataset(buildDataset({ human_evaluations: [abTest] }));
  const response = await fetch(`${API}/human-evaluations/${abTest.id}/`);
  expect(await response.json()).toEqual(abTest);
  expect(abTest.variant_names).toHaveLength(2);
});

import { describe, expect, it } from "vitest";
import { mismatchPath, pactDrafts } from "./pact.js";

describe("pactDrafts", () => {
  it("files each interaction under its endpoint, one finding per mismatch with its path", () => {
    const drafts = pactDrafts({
      passed: false,
      interactions: [
        { description: "list the evaluations of an app", operationId: "listEvaluations", passed: true, mismatches: [] },
        {
          description: "fetch one human evaluation by id",
          operationId: "getHumanEvaluation",
          passed: false,
          mismatches: ["$.created_at -> Expected '28/06' to match a timestamp", "Expected status 200 but was 404"],
        },
      ],
    });
    expect(drafts.map((d) => [d.endpoint, d.check, d.findings.map((f) => `${f.path} ${f.rule}`)])).toEqual([
      ["GET /evaluations?app_id={app_id}", "pact: list the evaluations of an app", []],
      ["GET /human-evaluations/{evaluation_id}", "pact: fetch one human evaluation by id", ["$.created_at pact", "$ pact"]],
    ]);
  });

  it("reports a run that failed as a whole (no interaction failed) as pact-error", () => {
    const drafts = pactDrafts({ passed: false, interactions: [], error: "state setup failed:\n  no app" });
    expect(drafts).toEqual([
      expect.objectContaining({
        endpoint: "Pact verification",
        findings: [expect.objectContaining({ rule: "pact-error", message: "state setup failed: no app" })],
      }),
    ]);
  });

  it.each([
    ["$.detail[0].loc -> type mismatch", "$.detail[0].loc"],
    ["at $[0].aggregated_results[1].evaluator_config: bad", "$[0].aggregated_results[1].evaluator_config"],
    ["Expected header 'Content-Type'", "$"],
  ])("mismatchPath(%j)", (mismatch, path) => expect(mismatchPath(mismatch)).toBe(path));
});

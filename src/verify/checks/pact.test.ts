import { describe, expect, it } from "vitest";
import { comparePaths, mismatchPath, pactDrafts } from "./pact.js";

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

  it("lists an interaction's mismatches in document order: $[2] before $[33] (issue 22)", () => {
    const mismatches = ["$[33].id -> x", "$[2].status -> x", "$[10].a[11] -> x", "$[10].a[9] -> x", "$[2].created_at -> x"];
    const [draft] = pactDrafts({
      passed: false,
      interactions: [{ description: "list", operationId: "listEvaluations", passed: false, mismatches }],
    });
    expect(draft!.findings.map((f) => f.path)).toEqual(["$[2].status", "$[2].created_at", "$[10].a[9]", "$[10].a[11]", "$[33].id"]);
    expect(["$[33]", "$[2]", "$", "$.b", "$.a"].sort(comparePaths)).toEqual(["$", "$.b", "$.a", "$[2]", "$[33]"]);
  });

  it.each([
    ["$.detail[0].loc -> type mismatch", "$.detail[0].loc"],
    ["at $[0].aggregated_results[1].evaluator_config: bad", "$[0].aggregated_results[1].evaluator_config"],
    ["Expected header 'Content-Type'", "$"],
  ])("mismatchPath(%j)", (mismatch, path) => expect(mismatchPath(mismatch)).toBe(path));
});

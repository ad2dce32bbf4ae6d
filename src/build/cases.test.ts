// The builders' cases are coverage's record cases, no more and no fewer; an unknown, misplaced or
// non-record case id and cases that cannot meet are E_USAGE naming them and listing the valid ones.
import { describe, expect, it } from "vitest";
import { CLIENT_CASES } from "../contract/client-cases.js";
import { ToolkitError } from "../errors.js";
import { EVALUATION_CASE_IDS, HUMAN_EVALUATION_CASE_IDS, NOT_RECORD_CASES } from "./cases.js";
import { buildEvaluation } from "./evaluation.js";
import { buildHumanEvaluation } from "./human-evaluation.js";

const idsOf = (scope: string): string[] => CLIENT_CASES.filter((c) => c.scope === scope).map((c) => c.id);

function usageError(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolkitError);
    expect((error as ToolkitError).code).toBe("E_USAGE");
    return (error as ToolkitError).message;
  }
  throw new Error("no error thrown");
}

describe("the builders' cases", () => {
  it("are every record case coverage counts (CLIENT_CASES), in its order", () => {
    expect(EVALUATION_CASE_IDS).toEqual(idsOf("evaluation"));
    expect(HUMAN_EVALUATION_CASE_IDS).toEqual(idsOf("human-evaluation"));
    expect([...NOT_RECORD_CASES]).toEqual(CLIENT_CASES.filter((c) => c.scope === "list" || c.scope === "answer").map((c) => c.id));
  });

  it("an unknown id: E_USAGE naming it, a did-you-mean, and every valid one", () => {
    const message = usageError(() => buildEvaluation({}, { case: "evaluation-staus-failed" as never }));
    expect(message).toMatch(
      /^buildEvaluation: unknown case "evaluation-staus-failed" \(did you mean "evaluation-status-failed"\?\); its cases: /,
    );
    for (const id of EVALUATION_CASE_IDS) expect(message).toContain(id);
  });

  it("the other builder's id, and a case that is no record (empty-list, delayed)", () => {
    expect(usageError(() => buildEvaluation({}, { case: ["evaluation-null-cost", "human-a-b-test" as never] }))).toMatch(
      /^buildEvaluation: "human-a-b-test" is a case of buildHumanEvaluation; its cases: evaluation-status-initialized, /,
    );
    expect(usageError(() => buildHumanEvaluation({}, { case: "evaluation-null-cost" as never }))).toMatch(
      /^buildHumanEvaluation: "evaluation-null-cost" is a case of buildEvaluation; its cases: human-a-b-test, /,
    );
    for (const id of NOT_RECORD_CASES)
      expect(usageError(() => buildHumanEvaluation({}, { case: id as never }))).toMatch(
        new RegExp(`^buildHumanEvaluation: "${id}" is no record \\(the mock's scenarios make it.*\\); its cases: human-a-b-test, `),
      );
    expect(usageError(() => buildEvaluation({}, { case: 42 as never }))).toMatch(
      /^buildEvaluation: options.case must be a case id or an array of them, got a number; its cases: /,
    );
    expect(usageError(() => buildEvaluation({}, { case: [42] as never }))).toMatch(
      /^buildEvaluation: a case is an id \(a string\), got 42 at options.case\[0\]; its cases: /,
    );
  });

  it.each([
    [["evaluation-status-finished", "evaluation-status-failed"], "evaluation-status-finished", "evaluation-status-failed"],
    [["evaluation-null-cost", "evaluation-cost-error"], "evaluation-null-cost", "evaluation-cost-error"],
    [
      ["evaluation-status-started", "evaluation-deleted-evaluator-config"],
      "evaluation-status-started",
      "evaluation-deleted-evaluator-config",
    ],
    [
      ["evaluation-status-error", "evaluation-status-finished-with-errors"],
      "evaluation-status-error",
      "evaluation-status-finished-with-errors",
    ],
    [
      ["evaluation-null-aggregate", "evaluation-error-result", "evaluation-status-finished"],
      "evaluation-error-result",
      "evaluation-status-finished",
    ],
  ])("%j cannot be combined: E_USAGE naming the two and what each needs", (cases, first, second) => {
    const message = usageError(() => buildEvaluation({}, { case: cases as never }));
    expect(message).toMatch(
      new RegExp(
        `^buildEvaluation: cases "${first}" and "${second}" cannot be combined \\(${first} status [A-Z_ or]+; ${second} status [A-Z_ or]+\\)$`,
      ),
    );
  });

  it("two human statuses or two types cannot be combined either", () => {
    expect(usageError(() => buildHumanEvaluation({}, { case: ["human-finished", "human-unfinished"] }))).toMatch(
      /cases "human-finished" and "human-unfinished" cannot be combined \(human-finished status EVALUATION_FINISHED; human-unfinished status EVALUATION_STARTED or /,
    );
    expect(usageError(() => buildHumanEvaluation({}, { case: ["human-a-b-test", "human-single-model"] }))).toMatch(
      /cases "human-a-b-test" and "human-single-model" cannot be combined \(human-a-b-test type human_a_b_testing; human-single-model type single_model_test\)/,
    );
  });

  it("compatible cases combine; the same case twice is that case", () => {
    const record = buildEvaluation(
      {},
      { case: ["evaluation-status-error", "evaluation-null-cost", "evaluation-empty-username", "evaluation-status-error"] },
    );
    expect([record.status.value, record.average_cost, record.user_username]).toEqual(["EVALUATION_FAILED", null, ""]);
    const human = buildHumanEvaluation({}, { case: ["human-single-model", "human-unfinished", "human-testset-deleted"] });
    expect([human.evaluation_type, human.status, human.testset_id]).toEqual(["single_model_test", "EVALUATION_STARTED", ""]);
  });
});

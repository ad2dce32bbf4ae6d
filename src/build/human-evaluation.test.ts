// buildHumanEvaluation: each case as the real service makes it, the app's variants shared with its
// automatic evaluations, overrides and refusals.
import { describe, expect, it } from "vitest";
import { checkResource } from "../check/check-resource.js";
import { ToolkitError } from "../errors.js";
import { getSchema } from "../schemas/catalog.js";
import type { HumanEvaluation } from "../types/schemas.js";
import { DEFAULT_APP_ID } from "./app-parts.js";
import { HUMAN_EVALUATION_CASE_IDS, type HumanEvaluationCaseId } from "./cases.js";
import { buildEvaluation } from "./evaluation.js";
import { buildHumanEvaluation } from "./human-evaluation.js";
import { DEFAULT_NOW } from "./options.js";

const NOW = Date.parse(DEFAULT_NOW);
const msOf = (timestamp: string): number => Date.parse(`${timestamp}Z`);

const SHAPES: Record<HumanEvaluationCaseId, (record: HumanEvaluation) => void> = {
  // human_a_b_testing compares two different variants, single_model_test rates one.
  "human-a-b-test": (r) => {
    expect(r.evaluation_type).toBe("human_a_b_testing");
    expect(r.variant_ids).toHaveLength(2);
    expect(new Set(r.variant_ids).size).toBe(2);
  },
  "human-single-model": (r) => {
    expect(r.evaluation_type).toBe("single_model_test");
    expect(r.variant_ids).toHaveLength(1);
  },
  "human-finished": (r) => expect(r.status).toBe("EVALUATION_FINISHED"),
  "human-unfinished": (r) => {
    expect(r.status).toBe("EVALUATION_STARTED");
    // Still open: someone rated a few minutes ago.
    expect(NOW - msOf(r.updated_at)).toBeLessThanOrEqual(10 * 60_000);
  },
  "human-testset-deleted": (r) => expect([r.testset_id, r.testset_name]).toEqual(["", ""]),
};

function realistic(record: HumanEvaluation): void {
  expect(Object.keys(record)).toEqual(Object.keys(getSchema("HumanEvaluation").properties as object));
  for (const id of [record.id, record.app_id, record.user_id, ...record.variant_ids, ...record.variants_revision_ids])
    expect(id).toMatch(/^[0-9a-f]{24}$/);
  const lengths = [record.variant_ids, record.variant_names, record.variants_revision_ids, record.revisions].map((a) => a.length);
  expect(new Set(lengths).size).toBe(1);
  for (const revision of record.revisions) expect(revision).toMatch(/^[1-9]\d*$/);
  for (const name of record.variant_names) expect(name).toMatch(/^app\.[a-z0-9.-]+$/);
  expect(msOf(record.created_at)).toBeLessThanOrEqual(msOf(record.updated_at));
  expect(msOf(record.updated_at)).toBeLessThanOrEqual(NOW);
  const findings = checkResource("HumanEvaluation", record);
  expect(findings.filter((f) => f.severity === "error")).toEqual([]);
  expect(new Set(findings.map((f) => f.rule))).toEqual(new Set(["naive-timestamp"]));
}

describe("buildHumanEvaluation", () => {
  it("with no case: a finished A/B test in the default app", () => {
    const record = buildHumanEvaluation();
    realistic(record);
    SHAPES["human-a-b-test"](record);
    SHAPES["human-finished"](record);
    expect(record.app_id).toBe(DEFAULT_APP_ID);
  });

  it.each(HUMAN_EVALUATION_CASE_IDS)("%s: made as the real service makes it, over 20 seeds", (id) => {
    for (let seed = 1; seed <= 20; seed++) {
      const record = buildHumanEvaluation({}, { case: id, seed });
      realistic(record);
      SHAPES[id](record);
    }
  });

  it("names the variants its app's automatic evaluations name", () => {
    const automatic = new Set(Array.from({ length: 40 }, (_, seed) => buildEvaluation({}, { seed }).variant_ids[0]));
    for (let seed = 0; seed < 10; seed++) for (const id of buildHumanEvaluation({}, { seed }).variant_ids) expect(automatic).toContain(id);
  });

  it("merges overrides (a legacy status, an id) and refuses one that breaks the contract, naming path and rule", () => {
    const legacy = buildHumanEvaluation({ status: "COMPARISON_RUN_STARTED", id: "0123456789abcdef01234567" }, { case: "human-unfinished" });
    expect([legacy.status, legacy.id]).toEqual(["COMPARISON_RUN_STARTED", "0123456789abcdef01234567"]);
    expect(() => buildHumanEvaluation({ testset_id: null } as never)).toThrow(
      new ToolkitError(
        "E_DATA_INVALID",
        "buildHumanEvaluation: the HumanEvaluation breaks the contract: $.testset_id: type: must be string, got null",
      ),
    );
    try {
      buildHumanEvaluation({ status: { type: "status" } } as never);
    } catch (error) {
      expect((error as ToolkitError).code).toBe("E_DATA_INVALID");
      expect((error as ToolkitError).message).toContain("$.status: type: must be string, got object");
    }
  });
});

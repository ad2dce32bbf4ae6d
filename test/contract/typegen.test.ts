// The generated types follow the schemas: required vs optional, the naming quirks, the anyOf.
import { describe, expect, expectTypeOf, it } from "vitest";
import { loadSchemas } from "../../src/schemas/catalog.js";
import { generateTypes } from "../../scripts/typegen.js";
import type { AggregatedResult, Evaluation, HumanEvaluation, Result } from "../../src/types/schemas.js";
import type { KnownHumanEvaluationStatus, OpenValue } from "../../src/contract/statuses.js";

describe("generated types", () => {
  const source = generateTypes(loadSchemas());

  it("marks optional properties optional and nullable (the service sends null), required ones required", () => {
    expect(source).toMatch(/\n {2}testset_id\?: string \| null;[\s\S]*export interface HumanEvaluation[\s\S]*\n {2}testset_id: string;/);
    expectTypeOf<Evaluation["testset_id"]>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Evaluation["average_cost"]>().toEqualTypeOf<Result | null | undefined>();
    expectTypeOf<HumanEvaluation["testset_id"]>().toEqualTypeOf<string>();
  });

  it("keeps each resource's spelling of the revision ids", () => {
    expectTypeOf<Evaluation>().toHaveProperty("variant_revision_ids");
    expectTypeOf<HumanEvaluation>().toHaveProperty("variants_revision_ids");
    const evaluationBlock = /export interface Evaluation \{[\s\S]*?\n\}/.exec(source)![0];
    expect(evaluationBlock).toContain("\n  variant_revision_ids: string[];");
    expect(evaluationBlock).not.toContain("\n  variants_revision_ids");
  });

  it("types status as a Result in Evaluation and a string in HumanEvaluation", () => {
    expectTypeOf<Evaluation["status"]>().toEqualTypeOf<Result>();
    expectTypeOf<HumanEvaluation["status"]>().toEqualTypeOf<OpenValue<KnownHumanEvaluationStatus>>();
  });

  it("types evaluator_config as the anyOf of EvaluatorConfig and a plain object, and value as unknown", () => {
    expect(source).toContain("evaluator_config: EvaluatorConfig | Record<string, unknown>;");
    expectTypeOf<AggregatedResult["evaluator_config"]>().toMatchTypeOf<object>();
    expectTypeOf<Result["value"]>().toBeUnknown();
  });
});

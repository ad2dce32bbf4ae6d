// A status, Result type or evaluation_type that is none of the known values (src/contract/statuses.ts)
// is E_DATA_INVALID with a did-you-mean in every builder, unless options.allowUnknown; the types offer
// the known values and still take any string.
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  EVALUATION_STATUSES,
  HUMAN_EVALUATION_STATUSES,
  HUMAN_EVALUATION_TYPES,
  RESULT_TYPES,
  type KnownEvaluationStatus,
  type KnownHumanEvaluationStatus,
  type KnownHumanEvaluationType,
  type KnownResultType,
  type OpenValue,
} from "../contract/statuses.js";
import { ToolkitError } from "../errors.js";
import { loadSchemas } from "../schemas/catalog.js";
import type { HumanEvaluation, Result } from "../types/schemas.js";
import { buildDataset } from "./dataset.js";
import { buildEvaluation } from "./evaluation.js";
import { buildHumanEvaluation } from "./human-evaluation.js";

const refused = (fn: () => unknown, message: RegExp): void => {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ToolkitError);
  expect((error as ToolkitError).code).toBe("E_DATA_INVALID");
  expect((error as ToolkitError).message).toMatch(message);
};

describe("unknown statuses and types in the builders", () => {
  it("buildEvaluation refuses a misspelt status value, with a did-you-mean", () => {
    refused(
      () => buildEvaluation({ status: { type: "status", value: "EVALUATION_FAILD" } }),
      /^buildEvaluation: \$\.status\.value: unknown status "EVALUATION_FAILD" \(did you mean "EVALUATION_FAILED"\?\); known: EVALUATION_FINISHED, .*\(or options\.allowUnknown\)$/,
    );
  });

  it("buildEvaluation refuses an unknown Result type, on the status, a cost or an aggregate", () => {
    refused(
      () => buildEvaluation({ status: { type: "statsu" } }),
      /\$\.status\.type: unknown Result type "statsu" \(did you mean "status"\?\)/,
    );
    refused(
      () => buildEvaluation({ average_cost: { type: "cots", value: 1 } }),
      /\$\.average_cost\.type: unknown Result type "cots" \(did you mean "cost"\?\)/,
    );
    const [first] = buildEvaluation({}, { seed: 3 }).aggregated_results;
    refused(
      () => buildEvaluation({ aggregated_results: [{ ...first!, result: { type: "numbr", value: 1 } }] }, { seed: 3 }),
      /\$\.aggregated_results\[0\]\.result\.type: unknown Result type "numbr" \(did you mean "number"\?\)/,
    );
  });

  it("buildHumanEvaluation refuses an unknown status or evaluation_type", () => {
    refused(
      () => buildHumanEvaluation({ status: "EVALUATION_FINISHD" }),
      /\$\.status: unknown status "EVALUATION_FINISHD" \(did you mean "EVALUATION_FINISHED"\?\)/,
    );
    refused(
      () => buildHumanEvaluation({ evaluation_type: "single_model" }),
      /\$\.evaluation_type: unknown evaluation_type "single_model" \(did you mean "single_model_test"\?\)/,
    );
  });

  it("buildDataset refuses one in a partial record and in a whole record taken as it is", () => {
    refused(
      () => buildDataset({ evaluations: [{ status: { value: "EVALUATION_FAILD" } }] }),
      /^buildDataset: \$\.evaluations\[0\]\.status\.value: unknown status/,
    );
    const whole = { ...buildHumanEvaluation(), status: "EVALUATION_STRATED" };
    refused(
      () => buildDataset({ human_evaluations: [whole] }),
      /^buildDataset: \$\.human_evaluations\[0\]\.status: unknown status "EVALUATION_STRATED" \(did you mean "EVALUATION_STARTED"\?\)/,
    );
  });

  it("takes new values with options.allowUnknown: true (a test of a client's tolerance)", () => {
    expect(buildEvaluation({ status: { type: "status", value: "EVALUATION_PAUSED" } }, { allowUnknown: true }).status.value).toBe(
      "EVALUATION_PAUSED",
    );
    expect(buildEvaluation({ average_cost: { type: "money", value: 1 } }, { allowUnknown: true }).average_cost?.type).toBe("money");
    expect(buildHumanEvaluation({ status: "ARCHIVED" }, { allowUnknown: true }).status).toBe("ARCHIVED");
    const whole = { ...buildHumanEvaluation(), evaluation_type: "ranking" };
    const data = buildDataset(
      { evaluations: [{ status: { value: "EVALUATION_PAUSED" } }], human_evaluations: [whole] },
      { allowUnknown: true },
    );
    expect(data.evaluations[0]!.status.value).toBe("EVALUATION_PAUSED");
    expect(data.human_evaluations[0]!.evaluation_type).toBe("ranking");
  });

  it("checks allowUnknown itself: a boolean, and buildDataset takes no other option", () => {
    expect(() => buildEvaluation({}, { allowUnknown: "yes" as unknown as boolean })).toThrow(
      /options\.allowUnknown must be true or false, got "yes"/,
    );
    expect(() => buildDataset({}, { allowUnknwn: true } as object)).toThrow(
      /^buildDataset: unknown option "allowUnknwn" \(did you mean "allowUnknown"\?\); it takes allowUnknown$/,
    );
  });

  it("every record the builders make by default or by case has known values", () => {
    for (const status of EVALUATION_STATUSES)
      expect(EVALUATION_STATUSES).toContain(
        buildEvaluation({}, { case: `evaluation-status-${status.slice(11).toLowerCase().replace(/_/g, "-")}` as never }).status.value,
      );
    expect(HUMAN_EVALUATION_STATUSES).toContain(buildHumanEvaluation().status);
  });
});

describe("the open values' types", () => {
  it("offer the known literals and take any other string", () => {
    expectTypeOf<HumanEvaluation["status"]>().toEqualTypeOf<OpenValue<KnownHumanEvaluationStatus>>();
    expectTypeOf<HumanEvaluation["evaluation_type"]>().toEqualTypeOf<OpenValue<KnownHumanEvaluationType>>();
    expectTypeOf<Result["type"]>().toEqualTypeOf<OpenValue<KnownResultType>>();
    expectTypeOf<"EVALUATION_FAILED">().toMatchTypeOf<KnownEvaluationStatus>();
    // The known literals survive the union with (string & {}): editors complete them.
    expectTypeOf<Extract<HumanEvaluation["status"], "EVALUATION_FINISHED">>().toEqualTypeOf<"EVALUATION_FINISHED">();
    expectTypeOf<Extract<Result["type"], "status">>().toEqualTypeOf<"status">();
    expectTypeOf<string>().toMatchTypeOf<HumanEvaluation["status"]>();
  });

  it("the lists are the schemas' known values (what the generated types are made of)", () => {
    const schemas = loadSchemas();
    const examples = (schema: string, property: string): unknown =>
      (schemas.get(schema as never) as { properties: Record<string, { examples: unknown[] }> }).properties[property]!.examples;
    expect(new Set(examples("HumanEvaluation", "status") as string[])).toEqual(new Set(HUMAN_EVALUATION_STATUSES));
    expect(examples("HumanEvaluation", "evaluation_type")).toEqual([...HUMAN_EVALUATION_TYPES]);
    expect(examples("Result", "type")).toEqual([...RESULT_TYPES]);
  });
});

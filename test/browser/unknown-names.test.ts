// Issue 31, the browser entry (src/index.browser.ts, what a page imports): a schema or operation name
// that is none of the toolkit's is a named error from every function that takes one, never an empty
// list of findings (which reads as "conforms") and never a raw TypeError. Names that an `in` or a
// plain lookup would find on Object.prototype (`constructor`, `toString`, `__proto__`) included.
// Runs in Node: the entry needs no browser to show it.
import { describe, expect, it } from "vitest";
import { checkDocument, checkResource, checkResponse, getSchema, pathFor, ToolkitError } from "../../src/index.browser.js";

const PROTOTYPE_NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];
const UNKNOWN_SCHEMAS = ["Nope", "evaluation", "", ...PROTOTYPE_NAMES];
const UNKNOWN_OPERATIONS = ["nope", "ListEvaluations", "", ...PROTOTYPE_NAMES];

/** The error `run` throws (or a failure naming what it returned instead). */
function thrown(run: () => unknown): ToolkitError {
  let returned: unknown;
  try {
    returned = run();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolkitError);
    return error as ToolkitError;
  }
  throw new Error(`returned ${JSON.stringify(returned)} instead of throwing`);
}

type AnyName = never;

describe("an unknown schema name", () => {
  it.each(UNKNOWN_SCHEMAS)("%j is E_UNKNOWN_SCHEMA in checkResource, checkDocument and getSchema", (name) => {
    const calls: Array<() => unknown> = [
      () => checkResource(name as AnyName, { id: "x" }),
      () => checkResource(name as AnyName, []),
      () => checkDocument(name as AnyName, []),
      () => checkDocument(name as AnyName, [{ id: "x" }]),
      () => checkDocument(name as AnyName, { id: "x" }),
      () => getSchema(name as AnyName),
    ];
    for (const call of calls) {
      const error = thrown(call);
      expect(error.code).toBe("E_UNKNOWN_SCHEMA");
      expect(error.message).toBe(
        `unknown schema ${JSON.stringify(name)} (one of: Evaluation, AggregatedResult, Result, Error, EvaluatorConfig, HumanEvaluation, HTTPValidationError, ValidationErrorItem, Timestamp)`,
      );
    }
  });

  it("the known names still check", () => {
    expect(checkDocument("Evaluation", [])).toEqual([]);
    expect(checkResource("Error", { message: "x" })).toEqual([]);
    expect(checkResource("Error", {})[0]).toMatchObject({ severity: "error", rule: "required" });
  });
});

describe("an unknown operation id", () => {
  it.each(UNKNOWN_OPERATIONS)("%j is E_UNKNOWN_OPERATION in checkResponse and pathFor", (name) => {
    const calls: Array<() => unknown> = [
      () => checkResponse(name as AnyName, { status: 200, headers: { "content-type": "application/json" }, body: "[]" }),
      () => pathFor(name as AnyName),
      () => pathFor(name as AnyName, { evaluation_id: "x" }),
    ];
    for (const call of calls) {
      const error = thrown(call);
      expect(error.code).toBe("E_UNKNOWN_OPERATION");
      expect(error.message).toBe(
        `unknown operation ${JSON.stringify(name)} (one of: listEvaluations, listHumanEvaluations, getHumanEvaluation)`,
      );
    }
  });

  it("a status that only Object.prototype knows is an undocumented status, not a TypeError", () => {
    const findings = checkResponse("listEvaluations", { status: "constructor" as unknown as number, headers: {}, body: "[]" });
    expect(findings).toEqual([expect.objectContaining({ rule: "status-code", severity: "error" })]);
  });

  it("the known ids still work", () => {
    expect(pathFor("getHumanEvaluation", { evaluation_id: "a/b" })).toBe("/human-evaluations/a%2Fb");
    expect(checkResponse("listEvaluations", { status: 200, headers: { "content-type": "application/json" }, body: "[]" })).toEqual([]);
  });
});

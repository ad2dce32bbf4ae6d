// Response-level rules: status codes, content type, JSON, body shape, then every record.
import { describe, expect, it } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES, VALIDATION_ERROR_EXAMPLE } from "../../src/contract/examples.js";

const JSON_HEADERS = { "content-type": "application/json" };
const rules = (findings: { rule: string; path: string; severity: string }[]): string[] =>
  findings.map((f) => `${f.severity} ${f.rule} ${f.path}`);

describe("checkResponse", () => {
  it("accepts a conforming list of evaluations given as text", () => {
    expect(checkResponse("listEvaluations", { status: 200, headers: JSON_HEADERS, body: JSON.stringify(EVALUATION_EXAMPLES) })).toEqual([]);
  });

  it("accepts an empty list, a single human evaluation and a 422 validation body", () => {
    expect(checkResponse("listHumanEvaluations", { status: 200, headers: JSON_HEADERS, body: [] })).toEqual([]);
    expect(checkResponse("getHumanEvaluation", { status: 200, headers: JSON_HEADERS, body: HUMAN_EVALUATION_EXAMPLES[0] })).toEqual([]);
    expect(checkResponse("listEvaluations", { status: 422, headers: JSON_HEADERS, body: VALIDATION_ERROR_EXAMPLE })).toEqual([]);
  });

  it("accepts a charset parameter and a Headers object", () => {
    const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
    expect(checkResponse("listHumanEvaluations", { status: 200, headers, body: "[]" })).toEqual([]);
  });

  it("rejects a 200 body that is not an array where an array is due", () => {
    const body = { items: EVALUATION_EXAMPLES };
    expect(rules(checkResponse("listEvaluations", { status: 200, headers: JSON_HEADERS, body }))).toEqual(["error body-shape $"]);
  });

  it("rejects an array where one record is due", () => {
    const findings = checkResponse("getHumanEvaluation", { status: 200, headers: JSON_HEADERS, body: HUMAN_EVALUATION_EXAMPLES });
    expect(rules(findings)).toEqual(["error type $"]);
  });

  it("rejects a wrong content type", () => {
    const findings = checkResponse("listHumanEvaluations", { status: 200, headers: { "content-type": "text/plain" }, body: "[]" });
    expect(rules(findings)).toEqual(["error content-type $"]);
    expect(findings[0]!.message).toContain('"text/plain"');
  });

  it("rejects a missing content type", () => {
    expect(rules(checkResponse("listHumanEvaluations", { status: 200, headers: {}, body: "[]" }))).toEqual(["error content-type $"]);
  });

  it("rejects an undocumented status", () => {
    const findings = checkResponse("listEvaluations", { status: 500, headers: JSON_HEADERS, body: '{"detail":"x"}' });
    expect(rules(findings)).toEqual(["error status-code $"]);
    expect(findings[0]!.message).toBe("undocumented status 500 (documented: 200, 422)");
  });

  it("rejects a body that is not JSON", () => {
    expect(rules(checkResponse("listEvaluations", { status: 200, headers: JSON_HEADERS, body: "[{" }))).toEqual(["error body-json $"]);
  });

  it("rejects a 422 body that is not a validation error", () => {
    const findings = checkResponse("listEvaluations", { status: 422, headers: JSON_HEADERS, body: { detail: "app_id missing" } });
    expect(rules(findings)).toEqual(["error type $.detail"]);
  });

  it("locates record findings by index", () => {
    const broken = structuredClone(EVALUATION_EXAMPLES);
    delete (broken[1] as Partial<(typeof broken)[number]>).app_id;
    broken[0]!.average_cost = null as never;
    const findings = checkResponse("listEvaluations", { status: 200, headers: JSON_HEADERS, body: broken });
    expect(rules(findings)).toEqual(["warning null-optional $[0].average_cost", "error required $[1].app_id"]);
  });
});

import { describe, expect, it } from "vitest";
import type { ProviderResponse } from "../../engine/provider-client.js";
import { compareForms } from "./trailing-slash.js";

const response = (request: string, status: number, json: unknown): ProviderResponse => {
  const headers = { "content-type": "application/json" };
  const text = JSON.stringify(json);
  const answer = { status, headers, text, bytes: text.length, durationMs: 1 };
  const [method, target] = request.split(" ") as [string, string];
  return {
    request,
    status,
    headers,
    text,
    json,
    elements: Array.isArray(json) ? json : undefined,
    parsed: true,
    durationMs: 1,
    sent: { operationId: "listEvaluations", method, path: target.split("?")[0]!, query: [], headers: [], label: "test" },
    outcome: { answer },
  };
};

const plain = response("GET /evaluations?app_id=a", 200, [{ id: "1", n: 1 }, { id: "2" }]);

describe("compareForms", () => {
  it("accepts the same records, in any order", () => {
    expect(compareForms(plain, response("GET /evaluations/?app_id=a", 200, [{ id: "2" }, { n: 1, id: "1" }]))).toEqual([]);
  });

  it("reports another status, and other records at the first difference", () => {
    expect(compareForms(plain, response("GET /evaluations/?app_id=a", 404, { detail: "Not Found" }))).toEqual([
      expect.objectContaining({ path: "$", rule: "trailing-slash", request: "GET /evaluations/?app_id=a" }),
    ]);
    expect(compareForms(plain, response("GET /evaluations/?app_id=a", 200, [{ id: "1", n: 2 }, { id: "2" }]))).toEqual([
      expect.objectContaining({ path: "$[0].n", rule: "trailing-slash" }),
    ]);
  });
});

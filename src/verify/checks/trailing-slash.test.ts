import { describe, expect, it } from "vitest";
import type { ProviderResponse } from "../../io/provider-client.js";
import { compareForms } from "./trailing-slash.js";

const response = (request: string, status: number, json: unknown): ProviderResponse => ({
  request,
  status,
  headers: new Headers({ "content-type": "application/json" }),
  text: JSON.stringify(json),
  json,
  parsed: true,
});

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

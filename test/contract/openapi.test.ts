// The OpenAPI document: valid OpenAPI 3.1, built from the schema files and the operations table,
// with examples that pass the checker.
import { readFileSync } from "node:fs";
import { compileErrors, validate } from "@readme/openapi-parser";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import { OPERATIONS, OPERATION_IDS } from "../../src/contract/operations.js";
import { loadSchemas, type JsonSchema } from "../../src/schemas/catalog.js";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> };
};
const committed = parse(readFileSync(new URL("../../contracts/openapi.yaml", import.meta.url), "utf8")) as Doc;

describe("contracts/openapi.yaml", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(committed) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(committed.openapi).toBe("3.1.0");
  });

  it("has exactly the three operations of the seed, with their parameters", () => {
    const operations = Object.entries(committed.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    expect(operations.sort()).toEqual(["get /evaluations", "get /human-evaluations", "get /human-evaluations/{evaluation_id}"]);
    const params = (path: string): unknown => committed.paths[path]!.get!.parameters;
    expect(params("/evaluations")).toMatchObject([{ name: "app_id", in: "query", required: true, schema: { type: "string" } }]);
    expect(params("/human-evaluations")).toMatchObject([{ name: "app_id", in: "query", required: true }]);
    expect(params("/human-evaluations/{evaluation_id}")).toMatchObject([{ name: "evaluation_id", in: "path", required: true }]);
  });

  it("documents 200 and 422 for every operation", () => {
    for (const item of Object.values(committed.paths)) expect(Object.keys(item.get!.responses as object).sort()).toEqual(["200", "422"]);
  });

  it("has one component per schema file, with the same properties and required lists", () => {
    const files = loadSchemas();
    expect(Object.keys(committed.components.schemas).sort()).toEqual([...files.keys()].sort());
    for (const [name, schema] of files) {
      const component = committed.components.schemas[name]!;
      expect(Object.keys((component.properties ?? {}) as object), name).toEqual(Object.keys((schema.properties ?? {}) as object));
      expect(component.required, name).toEqual(schema.required);
      expect(component.description, name).toBe(schema.description);
    }
  });

  it("points every $ref into components (no file references left)", () => {
    const refs = JSON.stringify(committed).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(ref).toMatch(/"\$ref":"#\/components\/schemas\/[A-Za-z]+"/);
  });

  it("has examples that conform to the contract", () => {
    for (const id of OPERATION_IDS) {
      const { path } = OPERATIONS[id];
      for (const status of ["200", "422"]) {
        const content = (committed.paths[path]!.get!.responses as Record<string, { content: Record<string, { example: unknown }> }>)[
          status
        ]!.content["application/json"]!;
        const findings = checkResponse(id, {
          status: Number(status),
          headers: { "content-type": "application/json" },
          body: content.example,
        });
        expect(findings, `${id} ${status}`).toEqual([]);
      }
    }
  });
});

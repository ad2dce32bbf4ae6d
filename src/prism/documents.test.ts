// The documents Prism runs on, derived from the published one: what each variant changes.
import { describe, expect, it } from "vitest";
import { COMPAT_MODES, MISSING_APP_ID_BODIES, missingAppIdBody } from "../contract/error-bodies.js";
import { buildOpenApiDocument } from "../contract/openapi.js";
import type { JsonSchema } from "../schemas/catalog.js";
import { buildMockDocument, buildProxyDocument } from "./documents.js";

type Media = { schema: JsonSchema; example?: unknown };
type Paths = Record<string, Record<string, { responses: Record<string, { content: Record<string, Media> }> }>>;

const mediaOf = (document: JsonSchema, status: string): [string, Media][] =>
  Object.entries(document.paths as Paths).flatMap(([path, item]) =>
    Object.values(item).map((operation): [string, Media] => [path, operation.responses[status]!.content["application/json"]!]),
  );
const schemaOf = (document: JsonSchema, name: string): JsonSchema =>
  (document.components as { schemas: Record<string, JsonSchema> }).schemas[name]!;

describe("the published document", () => {
  it("gives Timestamp format date-time and its pattern, and the framework's pydantic 1 body as the 422 example", () => {
    const document = buildOpenApiDocument();
    expect(schemaOf(document, "Timestamp")).toMatchObject({ type: "string", format: "date-time", pattern: expect.any(String) });
    for (const [, media] of mediaOf(document, "422")) expect(JSON.stringify(media.example)).toBe(MISSING_APP_ID_BODIES.v1);
  });
});

describe("buildMockDocument", () => {
  it.each(COMPAT_MODES)("with compat %s, every 422 example serializes to that framework's exact bytes", (compat) => {
    const document = buildMockDocument({ compat });
    const media = mediaOf(document, "422");
    expect(media).toHaveLength(6);
    for (const [, { example }] of media) {
      expect(example).toEqual(missingAppIdBody(compat));
      expect(JSON.stringify(example)).toBe(MISSING_APP_ID_BODIES[compat]);
    }
  });

  it("legacy answers as v1", () => {
    expect(MISSING_APP_ID_BODIES.legacy).toBe(MISSING_APP_ID_BODIES.v1);
  });

  it("serves every path with and without a trailing slash", () => {
    expect(Object.keys(buildMockDocument().paths as Paths).sort()).toEqual([
      "/evaluations",
      "/evaluations/",
      "/human-evaluations",
      "/human-evaluations/",
      "/human-evaluations/{evaluation_id}",
      "/human-evaluations/{evaluation_id}/",
    ]);
  });

  it("leaves the static document's schemas as published", () => {
    expect(buildMockDocument().components).toEqual(buildOpenApiDocument().components);
  });

  it("in dynamic mode: lists of at least one record, date-times without the pattern, closed objects, known values as enums", () => {
    const document = buildMockDocument({ dynamic: true });
    const lists = mediaOf(document, "200").filter(([, media]) => media.schema.type === "array");
    expect(lists).toHaveLength(4);
    for (const [, media] of lists) expect(media.schema.minItems).toBe(1);
    const timestamp = schemaOf(document, "Timestamp");
    expect(timestamp.format).toBe("date-time");
    expect(timestamp.pattern).toBeUndefined();
    expect(schemaOf(document, "Evaluation").additionalProperties).toBe(false);
    const human = schemaOf(document, "HumanEvaluation").properties as Record<string, JsonSchema>;
    expect(human.evaluation_type!.enum).toEqual(["human_a_b_testing", "single_model_test"]);
  });
});

describe("buildProxyDocument", () => {
  it.each([false, true])("strict %s: Timestamp keeps its pattern and drops the format (Prism's requires an offset)", (strict) => {
    const timestamp = schemaOf(buildProxyDocument({ strict }), "Timestamp");
    expect(timestamp.pattern).toBe(schemaOf(buildOpenApiDocument(), "Timestamp").pattern);
    expect(timestamp.format).toBeUndefined();
  });
});

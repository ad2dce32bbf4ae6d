// Derives the schema the checker compiles from a source schema (one pass finds errors and warnings).
//
// Errors: what the seed requires. Optional properties also accept null, because the real service
//   sends null for absent optionals (domain notes) and the seed is silent on it: a warning.
// Warnings: recorded by annotation keywords that never fail validation (src/check/warning-keywords.ts):
//   x-warn-properties (added here to every object schema: unknown properties, null optionals),
//   x-known-values (values outside the known ones), x-expected (extra expectations: timestamps
//   with a UTC offset and a 'T', an evaluator_config that is {} or a full EvaluatorConfig).
// Errors only (toErrorsSchema): the checker's contract without its warning annotations and prose, for
//   the record builders (src/build/), whose browser bundle has room for no more.
// Every variant is compiled at build time (src/check/ajv-instances.ts, into src/check/precompiled/).
import { SCHEMA_BASE_URI, type JsonSchema } from "./catalog.js";
import { nullableOptionals } from "./nullable-optionals.js";
import { mapSchema } from "./walk.js";

const isObjectSchema = (node: JsonSchema): node is JsonSchema & { properties: Record<string, JsonSchema> } =>
  typeof node.properties === "object" && node.properties !== null;

/** x-expected is compiled on its own (keyword-code.ts): its relative $refs must become absolute. */
const absoluteRefs = (schema: JsonSchema): JsonSchema =>
  mapSchema(schema, (node) =>
    typeof node.$ref === "string" && !/^[a-z]+:|^#/.test(node.$ref) ? { ...node, $ref: SCHEMA_BASE_URI + node.$ref } : node,
  );

function prepare(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...nullableOptionals(node) };
  if (typeof out["x-expected"] === "object" && out["x-expected"] !== null)
    out["x-expected"] = absoluteRefs(out["x-expected"] as JsonSchema);
  if (isObjectSchema(out)) out["x-warn-properties"] = true;
  return out;
}

export const toCheckerSchema = (schema: JsonSchema): JsonSchema => mapSchema(schema, prepare);

function tighten(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  const extra: JsonSchema[] = [];
  if (out["x-known-values"] === true && Array.isArray(out.examples)) extra.push({ enum: out.examples });
  if (typeof out["x-expected"] === "object" && out["x-expected"] !== null) extra.push(out["x-expected"] as JsonSchema);
  if (extra.length > 0) out.allOf = [...(Array.isArray(out.allOf) ? (out.allOf as JsonSchema[]) : []), ...extra];
  if (isObjectSchema(out) && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/**
 * The fast pre-check: a value this variant accepts has neither errors nor warnings (no unknown
 * properties, no null optionals, known values only, x-expected met), so most conforming records
 * are done after one cheap yes/no validation.
 */
export const toSpotlessSchema = (schema: JsonSchema): JsonSchema => mapSchema(schema, tighten);

/** What the errors-only variant drops: annotations that never fail a validation, and prose. */
const NOT_FOR_ERRORS = ["description", "examples", "x-expected", "x-known-values", "x-parallel-arrays"];

function forErrors(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...nullableOptionals(node) };
  for (const key of NOT_FOR_ERRORS) delete out[key];
  return out;
}

/**
 * The checker's errors and nothing else: the same required fields, types, anyOf, patterns and
 * formats, and the same null-accepting optionals (toCheckerSchema), so a value gets exactly the
 * checker's error findings (test/check/precompiled.test.ts); the titles stay, its messages name them.
 */
export const toErrorsSchema = (schema: JsonSchema): JsonSchema => mapSchema(schema, forErrors);

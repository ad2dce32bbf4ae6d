// The two variants of the schemas the checker compiles.
//
// contract: what the seed requires, and nothing more. Optional properties also accept null,
//   because the real service sends null for absent optionals (domain notes) and the seed is
//   silent on it: that is a warning, found by the strict variant, not an error.
// strict: what a careful client expects. No unknown properties, no null optionals, known values
//   only (x-known-values), and the extra expectations written as x-expected (timestamps with a
//   UTC offset and a 'T', an evaluator_config that is {} or a full EvaluatorConfig).
// A finding of the strict variant that the contract variant does not share is a warning.
import type { JsonSchema } from "./catalog.js";
import { mapSchema } from "./walk.js";

const isObjectSchema = (node: JsonSchema): node is JsonSchema & { properties: Record<string, JsonSchema> } =>
  typeof node.properties === "object" && node.properties !== null;

function allowNullOptionals(node: JsonSchema): JsonSchema {
  if (!isObjectSchema(node)) return node;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const properties = Object.fromEntries(
    Object.entries(node.properties).map(([name, sub]) => (required.has(name) ? [name, sub] : [name, { if: { type: "null" }, else: sub }])),
  );
  return { ...node, properties };
}

export const toContractVariant = (schema: JsonSchema): JsonSchema => mapSchema(schema, allowNullOptionals);

function tighten(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  const extra: JsonSchema[] = [];
  if (out["x-known-values"] === true && Array.isArray(out.examples)) extra.push({ enum: out.examples });
  if (typeof out["x-expected"] === "object" && out["x-expected"] !== null) extra.push(out["x-expected"] as JsonSchema);
  if (extra.length > 0) out.allOf = [...(Array.isArray(out.allOf) ? (out.allOf as JsonSchema[]) : []), ...extra];
  if (isObjectSchema(out) && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

export const toStrictVariant = (schema: JsonSchema): JsonSchema => mapSchema(schema, tighten);

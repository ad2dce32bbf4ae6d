// A structural map over JSON Schemas: visits every subschema and rebuilds the tree.
// Used to derive the checker's contract and strict variants from the source schemas.
import { isPlainObject } from "../types/json.js";
import type { JsonSchema } from "./catalog.js";

const SCHEMA_MAP_KEYWORDS = ["properties", "$defs", "patternProperties", "dependentSchemas"];
const SCHEMA_KEYWORDS = ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"];
const SCHEMA_ARRAY_KEYWORDS = ["anyOf", "allOf", "oneOf", "prefixItems"];

/**
 * Returns a copy of `schema` in which `fn` has been applied to every subschema, children first.
 * Annotation keywords (examples, x-expected, ...) are copied as they are, never descended into.
 */
export function mapSchema(schema: JsonSchema, fn: (node: JsonSchema) => JsonSchema): JsonSchema {
  const copy: JsonSchema = { ...schema };
  for (const key of SCHEMA_MAP_KEYWORDS) {
    const map = copy[key];
    if (isPlainObject(map)) {
      copy[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, isPlainObject(sub) ? mapSchema(sub, fn) : sub]));
    }
  }
  for (const key of SCHEMA_KEYWORDS) {
    const sub = copy[key];
    if (isPlainObject(sub)) copy[key] = mapSchema(sub, fn);
  }
  for (const key of SCHEMA_ARRAY_KEYWORDS) {
    const list = copy[key];
    if (Array.isArray(list)) copy[key] = list.map((sub: unknown) => (isPlainObject(sub) ? mapSchema(sub, fn) : sub));
  }
  return fn(copy);
}

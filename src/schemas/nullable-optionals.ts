// Optional properties that also accept null: the real service sends null for absent optionals
// (domain notes) where the seed marks nothing nullable. The checker compiles its schemas this way
// (null there is a warning, not an error) and so does Prism's proxy document.
import type { JsonSchema } from "./catalog.js";

/** The object schema with each optional property as `if: {type: null}, else: <property>`; other nodes unchanged. */
export function nullableOptionals(node: JsonSchema): JsonSchema {
  if (typeof node.properties !== "object" || node.properties === null) return node;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const properties = Object.entries(node.properties as Record<string, JsonSchema>).map(([name, sub]) =>
    // if/else rather than anyOf: for a non-null value a validator then reports the property's own fault.
    required.has(name) ? [name, sub] : [name, { if: { type: "null" }, else: sub }],
  );
  return { ...node, properties: Object.fromEntries(properties) };
}

// Generates the TypeScript types of src/types/schemas.ts from the schema files, so no type is
// written twice by hand. `npm run gen` rewrites the file; a test fails when it is stale.
import type { JsonSchema, SchemaName } from "../src/schemas/catalog.js";

const refName = (ref: string): string => ref.replace(/^.*\//, "").replace(/\.json$/, "");

const docComment = (text: unknown, indent: string): string =>
  typeof text === "string" ? `${indent}/** ${text.replace(/\*\//g, "*\\/").replace(/\n/g, " ")} */\n` : "";

/**
 * An open string whose known values the schema lists (`x-known-values`, the values in `examples`):
 * the known literals or any other string, `"A" | "B" | (string & {})`, so editors complete the known
 * values and a value the seed leaves open still compiles (the record builders refuse an unknown one
 * unless `allowUnknown`).
 */
function knownValues(schema: JsonSchema): string | undefined {
  if (schema["x-known-values"] !== true || !Array.isArray(schema.examples)) return undefined;
  const literals = (schema.examples as unknown[]).filter((v): v is string => typeof v === "string").map((v) => JSON.stringify(v));
  return literals.length === 0 ? undefined : `${literals.join(" | ")} | (string & {})`;
}

function typeOf(schema: JsonSchema, indent: string): string {
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map((s) => typeOf(s, indent)).join(" | ");
  switch (schema.type) {
    case "string":
      return knownValues(schema) ?? "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const item = typeOf((schema.items ?? {}) as JsonSchema, indent);
      return item.includes(" | ") ? `Array<${item}>` : `${item}[]`;
    }
    case "object":
      return schema.properties ? objectBody(schema, indent) : "Record<string, unknown>";
    default:
      return "unknown";
  }
}

const nullable = (type: string): string => (type === "unknown" || type.endsWith("| null") ? type : `${type} | null`);

function objectBody(schema: JsonSchema, indent: string): string {
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(
    ([name, sub]) =>
      // An optional field is sent as null by the real service (pydantic's Optional, serialized with
      // every field present; domain notes), so the wire type says so: `field?: T | null`.
      `${docComment(sub.description, inner)}${inner}${name}${required.has(name) ? `: ${typeOf(sub, inner)}` : `?: ${nullable(typeOf(sub, inner))}`};`,
  );
  return `{\n${lines.join("\n")}\n${indent}}`;
}

export function generateTypes(schemas: ReadonlyMap<SchemaName, JsonSchema>): string {
  const blocks = [...schemas.entries()].map(([name, schema]) => {
    const doc = docComment(schema.description, "");
    return schema.type === "object" && schema.properties
      ? `${doc}export interface ${name} ${objectBody(schema, "")}`
      : `${doc}export type ${name} = ${typeOf(schema, "")};`;
  });
  return [
    "// Generated from schemas/*.json by `npm run gen` (scripts/typegen.ts). Do not edit by hand.",
    "/* eslint-disable */",
    "",
    blocks.join("\n\n"),
    "",
  ].join("\n");
}

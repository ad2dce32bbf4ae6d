// The schema catalogue: which schema files exist, their $ids, and loading them from schemas/.
// The JSON files in schemas/ are the single source of truth; everything else derives from them.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The resources of the seed (sections 2.1 to 2.6), one schema file each. */
export const RESOURCE_NAMES = [
  "Evaluation",
  "AggregatedResult",
  "Result",
  "Error",
  "EvaluatorConfig",
  "HumanEvaluation",
  "HTTPValidationError",
  "ValidationErrorItem",
] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** Every schema file: the resources plus the shared Timestamp type they reference. */
export const SCHEMA_NAMES = [...RESOURCE_NAMES, "Timestamp"] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

export const SCHEMA_BASE_URI = "https://evals-contract.dev/schemas/";

/** A JSON Schema as plain data (the files are draft 2020-12). */
export type JsonSchema = { [keyword: string]: unknown };

/** Folder holding the schema files; the same relative place from src/ and from dist/. */
export const SCHEMAS_DIR = fileURLToPath(new URL("../../schemas/", import.meta.url));

export const schemaId = (name: SchemaName): string => `${SCHEMA_BASE_URI}${name}.json`;

export const isResourceName = (name: string): name is ResourceName => (RESOURCE_NAMES as readonly string[]).includes(name);

let cache: ReadonlyMap<SchemaName, JsonSchema> | undefined;

/** Reads every schema file once; later calls return the same objects (treat them as read-only). */
export function loadSchemas(): ReadonlyMap<SchemaName, JsonSchema> {
  if (cache) return cache;
  const loaded = new Map<SchemaName, JsonSchema>();
  for (const name of SCHEMA_NAMES) {
    const text = readFileSync(`${SCHEMAS_DIR}${name}.json`, "utf8");
    loaded.set(name, JSON.parse(text) as JsonSchema);
  }
  cache = loaded;
  return loaded;
}

export function getSchema(name: SchemaName): JsonSchema {
  const schema = loadSchemas().get(name);
  if (!schema) throw new Error(`schema ${name} is not in the catalogue`);
  return schema;
}

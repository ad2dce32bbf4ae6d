// The schema catalogue: which schema files exist, their $ids, and the schemas themselves (the
// bundled copy of schemas/, so no file system is needed: the checker also runs in browsers).
// The JSON files in schemas/ are the single source of truth; everything else derives from them.
import { ToolkitError } from "../errors.js";
import { SCHEMA_DOCUMENTS } from "./bundled.js";
import { RESOURCE_NAMES, SCHEMA_NAMES, type JsonSchema, type ResourceName, type SchemaName } from "./names.js";

export { RESOURCE_NAMES, SCHEMA_NAMES } from "./names.js";
export type { JsonSchema, ResourceName, SchemaName } from "./names.js";

export const SCHEMA_BASE_URI = "https://evals-contract.dev/schemas/";

export const schemaId = (name: SchemaName): string => `${SCHEMA_BASE_URI}${name}.json`;

export const isResourceName = (name: string): name is ResourceName => (RESOURCE_NAMES as readonly string[]).includes(name);

let cache: ReadonlyMap<SchemaName, JsonSchema> | undefined;

/** Every schema, from the bundled copy of schemas/ (bundled.ts); later calls return the same objects (treat them as read-only). */
export function loadSchemas(): ReadonlyMap<SchemaName, JsonSchema> {
  cache ??= new Map(SCHEMA_NAMES.map((name) => [name, SCHEMA_DOCUMENTS[name]]));
  return cache;
}

/** One schema by name; any other name is E_UNKNOWN_SCHEMA. */
export function getSchema(name: SchemaName): JsonSchema {
  const schema = loadSchemas().get(name);
  if (!schema) throw new ToolkitError("E_UNKNOWN_SCHEMA", `unknown schema ${JSON.stringify(name)} (one of: ${SCHEMA_NAMES.join(", ")})`);
  return schema;
}

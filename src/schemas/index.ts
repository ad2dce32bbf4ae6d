// The schema files in schemas/ (the single source of truth) and the views derived from them.
export { RESOURCE_NAMES, SCHEMA_NAMES, SCHEMA_BASE_URI, getSchema, isResourceName, loadSchemas, schemaId } from "./catalog.js";
export type { JsonSchema, ResourceName, SchemaName } from "./catalog.js";
export { toCheckerSchema, toSpotlessSchema } from "./checker-schema.js";
export { nullableOptionals } from "./nullable-optionals.js";
export { mapSchema } from "./walk.js";

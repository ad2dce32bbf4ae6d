// The names of the schema files in schemas/: the resources of the seed and the shared types they
// reference. Plain data, so the generator of the bundled copy and the catalogue share one list.

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

/** A JSON Schema as plain data (the files are draft 2020-12). */
export type JsonSchema = { [keyword: string]: unknown };

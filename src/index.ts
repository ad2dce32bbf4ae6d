// The public surface of evals-contract's core: schemas, types and the conformance checker.
// Heavy parts have their own entry points: `evals-contract/mock` and `evals-contract/verify`.
export { RESOURCE_NAMES, SCHEMA_NAMES, SCHEMAS_DIR, getSchema, loadSchemas, schemaId, isResourceName } from "./schemas/catalog.js";
export type { JsonSchema, ResourceName, SchemaName } from "./schemas/catalog.js";
export type * from "./types/schemas.js";
export { OPERATIONS, OPERATION_IDS, isOperationId, pathFor } from "./contract/operations.js";
export type { OperationId, OperationSpec } from "./contract/operations.js";
export { checkDocument, checkResource } from "./check/check-resource.js";
export { checkResponse } from "./check/check-response.js";
export type { HttpResponseLike } from "./check/check-response.js";
export { escalateWarnings, hasErrors, countBySeverity } from "./check/finding.js";
export type { Finding, Severity } from "./check/finding.js";
export { formatFindings, summarize } from "./check/format-findings.js";
export { ToolkitError, ERROR_CODES } from "./errors.js";
export type { ErrorCode } from "./errors.js";

// The public surface of evals-contract's core: schemas, types, the operations and the conformance
// checker. Needs no file system, so it is also what browsers get (the `browser` condition of the
// root entry); src/index.ts adds what only Node has. Heavy parts have their own entry points:
// `evals-contract/generate`, `/mock`, `/msw`, `/verify`, `/prism`.
export { RESOURCE_NAMES, SCHEMA_NAMES, getSchema, loadSchemas, schemaId, isResourceName } from "./schemas/index.js";
export type { JsonSchema, ResourceName, SchemaName } from "./schemas/index.js";
export type * from "./types/schemas.js";
export type { Dataset } from "./types/dataset.js";
export { OPERATIONS, OPERATION_IDS, isOperationId, pathFor } from "./contract/operations.js";
export type { OperationId, OperationSpec } from "./contract/operations.js";
export {
  checkDataset,
  checkDocument,
  checkResource,
  checkResponse,
  countBySeverity,
  escalateWarnings,
  formatFindings,
  formatFoldedFindings,
  hasErrors,
  summarize,
} from "./check/index.js";
export type { Finding, HttpResponseLike, Severity } from "./check/index.js";
export { ToolkitError, ERROR_CODES } from "./errors.js";
export type { ErrorCode } from "./errors.js";

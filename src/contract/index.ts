// The service's interface as data: its operations (seed section 4), the OpenAPI document built from
// them and the schemas, and realistic example records.
export { OPERATIONS, OPERATION_IDS, isOperationId, pathFor } from "./operations.js";
export type { BodySpec, OperationId, OperationSpec, ParameterSpec, ResponseSpec } from "./operations.js";
export { buildOpenApiDocument, renderOpenApiYaml, toComponentSchema } from "./openapi.js";
export { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES, VALIDATION_ERROR_EXAMPLE } from "./examples.js";
export { COMPAT_MODES, DEFAULT_COMPAT, MISSING_APP_ID_BODIES, isCompatMode, missingAppIdBody } from "./error-bodies.js";
export type { CompatMode } from "./error-bodies.js";

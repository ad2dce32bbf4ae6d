// The public surface of evals-contract's core on Node: the portable core (index.browser.ts: schemas,
// types, the operations and the conformance checker), where the schema files are on disk, and validate's computation.
export * from "./index.browser.js";
export { SCHEMAS_DIR } from "./schemas/schemas-dir.js";
// What `validate` computes (schema, strict mode, folding), for a program that validates as the CLI does.
export {
  DATASET,
  describeRecords,
  isValidateSchema,
  schemaFor,
  validateAll,
  validateFolded,
  validationSummary,
  VALIDATE_SCHEMAS,
} from "./check/validate-document.js";
export type { ValidateInput, ValidateSchema, Validation } from "./check/validate-document.js";

// The conformance checker: findings (severity, JSON path, rule, message) for a resource, a document
// or a whole HTTP response, from validators compiled at build time (registry.ts, precompiled/): no
// `new Function` at run time, so it also runs under a Content-Security-Policy without 'unsafe-eval'.
export { checkDocument, checkResource, visitDocument } from "./check-resource.js";
export { checkResponse } from "./check-response.js";
export { checkDataset, DATASET_LISTS, looksLikeDataset, visitDataset } from "./check-dataset.js";
export { createFolder, formatFoldedFindings } from "./fold-findings.js";
export type { FindingFolder } from "./fold-findings.js";
export type { HeaderBag, HttpResponseLike } from "./check-response.js";
export { countBySeverity, escalateWarnings, hasErrors } from "./finding.js";
export type { Finding, Severity } from "./finding.js";
export { formatFinding, formatFindings, pathWidth, plural, summarize, summarizeCounts } from "./format-findings.js";
export { escapeControl } from "./escape-control.js";
export {
  DATASET,
  describeRecords,
  isValidateSchema,
  schemaFor,
  validateAll,
  validateFolded,
  validationSummary,
  VALIDATE_SCHEMAS,
} from "./validate-document.js";
export type { ValidateInput, ValidateSchema, Validation } from "./validate-document.js";
export { createValidateStream, INPUT_FORMATS, STREAM_ABOVE } from "./validate-stream.js";
export type { InputFormat, StreamValidation, ValidateStream, ValidateStreamOptions } from "./validate-stream.js";
export { MAX_KEPT_FINDINGS } from "./finding-sink.js";

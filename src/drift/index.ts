// The drift check: a provider's published OpenAPI document compared with the contract's
// (contracts/openapi.yaml, built from schemas/ by src/contract/openapi.ts).
import { buildOpenApiDocument } from "../contract/openapi.js";
import { compareOpenApi, type CompareOptions } from "./compare-documents.js";
import type { DriftReport } from "./finding.js";
import type { Json } from "./normalize.js";

export { compareOpenApi } from "./compare-documents.js";
export type { CompareOptions } from "./compare-documents.js";
export type { DriftFinding, DriftKind, DriftReport, DriftSeverity } from "./finding.js";
export { loadOpenApiDocument } from "./load-document.js";
export type { LoadOptions } from "./load-document.js";
// Its reports: the comparison as the one report model, and the renderers every tool shares (src/report/).
export { fromDrift, renderHtml, renderJUnit, renderText, writeHtmlReport, writeJsonReport } from "../report/index.js";
export type { Report } from "../report/index.js";

/** The drift of `provider` (a parsed OpenAPI document) from the contract. */
export const checkDrift = (provider: Json, options?: CompareOptions): DriftReport =>
  compareOpenApi(buildOpenApiDocument() as Json, provider, options);

// Prism modes on the contract's OpenAPI document: Stoplight Prism's static or dynamic mock, and its
// validation proxy in front of a real provider, with each exchange's violations reported.
export { startPrism, PRISM_DEFAULT_HOST, PRISM_DEFAULT_PORT } from "./start-prism.js";
export { PRISM_START_TIMEOUT_MS } from "./spawn-prism.js";
export type { RunningPrism, StartPrismOptions } from "./start-prism.js";
export type { PrismExchange, PrismViolation, PrismSeverity } from "./violation.js";
export { parseProblemBody, parseViolationHeader } from "./violation.js";
export { describeLocation, formatExchange, formatViolation } from "./format-exchange.js";
export { buildMockDocument, buildProxyDocument, DEFAULT_OPENAPI_PATH, writeTempDocument } from "./documents.js";
export type { MockDocumentOptions } from "./documents.js";
export type { TempDocument } from "./documents.js";
export { findFreePort, ensurePortFree } from "./free-port.js";
export { resolvePrismBin } from "./prism-bin.js";

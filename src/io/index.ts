// Files and the network, each failure one named error: atomic writes, JSON files, listening, and
// the one HTTP client the verifier and the Pact provider states share.
export {
  assertWritable,
  removeStaleTemps,
  TEMP_MARK,
  writeFileAtomically,
  writeReportFile,
  writeTextFileAtomically,
} from "./write-file-atomic.js";
export { parseJsonText, readFileBytes, readJsonFile } from "./read-json-file.js";
export { decodeUtf8 } from "./decode-utf8.js";
export { exceedsJsonDepth, MAX_JSON_DEPTH, tooDeepMessage } from "./json-depth.js";
export { jsonPieces, writeJson } from "./write-json.js";
export { listen, listenError } from "./listen.js";
export { createProviderClient, describeNetworkError } from "./provider-client.js";
export type { ProviderClient, ProviderClientOptions, ProviderResponse } from "./provider-client.js";
export { normalizeHttpUrl, resolveUrl } from "./base-url.js";
export { createLimiter } from "./limiter.js";
export type { Limiter } from "./limiter.js";
export { createRedactor, redactUrlCredentials, REDACTED } from "./redact.js";
export { classifyExchangeError, createHttpExchanger } from "./http-exchange.js";
export type { ExchangeAnswer, ExchangeFault, ExchangeOutcome, ExchangeRequest, HttpExchanger } from "./http-exchange.js";

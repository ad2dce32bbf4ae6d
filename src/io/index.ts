// Files and the network, each failure one named error: atomic writes, JSON files, listening, and
// redaction (the HTTP client of the provider tools is the engine's: src/engine/http-client.ts).
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
export { readFileChunks } from "./read-file-chunks.js";
export { exceedsJsonDepth, MAX_JSON_DEPTH, tooDeepMessage } from "./json-depth.js";
export { jsonPieces, writeJson } from "./write-json.js";
export { listen, listenError } from "./listen.js";
export { normalizeHttpUrl, resolveUrl } from "./base-url.js";
export { createLimiter } from "./limiter.js";
export type { Limiter } from "./limiter.js";
export { createRedactor, redactSecrets, redactUrlCredentials, redactUrlSecrets, REDACTED } from "./redact.js";
export { InputFileError, MAX_INPUT_FILE_BYTES, readRegularFile } from "./read-regular-file.js";
export { isSameFile, refuseOutputOverInput } from "./same-file.js";
export type { NamedPath } from "./same-file.js";
export { toolkitVersion } from "./toolkit-version.js";

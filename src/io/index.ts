// Files and the network, each failure one named error: atomic writes, JSON files, listening, and
// the one HTTP client the verifier and the Pact provider states share.
export { assertWritable, writeFileAtomically, writeTextFileAtomically } from "./write-file-atomic.js";
export { readJsonFile } from "./read-json-file.js";
export { listen, listenError } from "./listen.js";
export { createProviderClient, describeNetworkError } from "./provider-client.js";
export type { ProviderClient, ProviderClientOptions, ProviderResponse } from "./provider-client.js";
export { normalizeHttpUrl, resolveUrl } from "./base-url.js";
export { createLimiter } from "./limiter.js";
export type { Limiter } from "./limiter.js";

// `evals-contract/snapshot`: a real provider (its base URL and app ids) or a HAR file, turned into a
// dataset the mock serves, as sent or anonymised (docs/snapshot.md).
export { snapshot, MAX_BY_ID_REQUESTS } from "./snapshot.js";
export type { SnapshotOptions, SnapshotResult, SnapshotSource } from "./snapshot.js";
export { snapshotReport } from "./report.js";
export type { SnapshotReport } from "./report.js";
export { anonymizeDataset, createAnonymizer, randomSalt } from "./anonymize.js";
export type { AnonymizationReport, AnonymizedField, AnonymizeOptions, Anonymizer } from "./anonymize.js";
export { DEFAULT_CONCURRENCY, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, PROVIDER_BOUNDS } from "../engine/index.js";

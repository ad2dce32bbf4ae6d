// `evals-contract/mock`: the fixture-backed mock server of the Evaluation Listing Service, for
// frontend development and for consumers' own tests (`startMockServer({ data, port: 0 })`).
export { startMockServer, createMockServer, DEFAULT_PORT, DEFAULT_HOST } from "./server.js";
export type { MockServerOptions, RunningMockServer, DataChangeEvent } from "./options.js";
export { checkBasePath, createMockHandler, normalizeBasePath } from "./handler.js";
export { createMockCore } from "./core.js";
export { createLiveProvider, DEFAULT_LIVE_DURATION_MS } from "./live.js";
export type { LiveMockOptions, LiveProvider } from "./live.js";
export type { MockAnswer, MockCore, MockCoreOptions, MockRequest } from "./core.js";
export type { MockHandler, MockHandlerOptions, NodeRequestLike, NodeResponseLike, Scheduler } from "./handler.js";
export type { MockHttpServer } from "./server.js";
export type { RequestHeaders, ResponseHeaders } from "./cors.js";
export { acceptDataset, datasetErrors } from "./accept-dataset.js";
export { loadDatasetFile, readDataFile } from "./load-dataset.js";
export { appIdsOf, describeDataset } from "./dataset-index.js";
export { DEFAULT_DATASET_PATH } from "../types/dataset.js";
export type { Scenario } from "./scenarios.js";
export { readScenario, MAX_DELAY_MS } from "./scenarios.js";
export { CORS_MODES } from "./cors.js";
export type { CorsMode } from "./cors.js";
export { COMPAT_MODES, DEFAULT_COMPAT } from "../contract/error-bodies.js";
export type { CompatMode } from "../contract/error-bodies.js";
export { CONSOLE_PATH, MAX_EVENT_SUBSCRIBERS, MAX_EVENT_BUFFERED_BYTES } from "./console/api.js";
export type { DatasetInfo, LoggedRequest, ScenarioSwitch } from "./console/api.js";

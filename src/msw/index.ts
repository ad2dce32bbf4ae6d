// `evals-contract/msw`: MSW handlers (msw 2 and 3, under msw/node and in the browser with
// msw/browser's setupWorker) serving a dataset with the mock server's semantics (app filter, by-id,
// error bodies per compat, trailing slash, base path, CORS, scenarios); by default the embedded
// default dataset. Needs `msw` (an optional peer dependency): npm install --save-dev msw.
export { createMswHandlers } from "./handlers.js";
export type { EvaluationServiceHandlers, MswHandlerOptions, MswOverrideOptions, MswUseOptions } from "./handlers.js";
export type { LiveMockOptions } from "../mock/live.js";
export { FAULTS } from "../mock/faults.js";
export type { FaultName } from "../mock/faults.js";
export type { JournalEntry, JournalFilter } from "../mock/journal.js";
export type { RespondSetting, ScenarioSetting, ScenarioSwitch } from "../mock/scenario-switch.js";
export type { CompatMode } from "../contract/error-bodies.js";
export type { CorsMode } from "../mock/cors.js";
export type { Dataset } from "../types/dataset.js";
// The record option's observations, and their NDJSON line for `evals-contract coverage`.
export { observationLine } from "../coverage/observation.js";
export type { Observation } from "../coverage/observation.js";

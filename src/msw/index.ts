// `evals-contract/msw`: MSW 2 handlers serving a dataset with the mock server's semantics (app
// filter, by-id, error bodies per compat, trailing slash, base path, CORS, scenarios).
// Needs `msw` (an optional peer dependency): npm install --save-dev msw@^2.
export { createMswHandlers } from "./handlers.js";
export type { EvaluationServiceHandlers, MswHandlerOptions } from "./handlers.js";
export type { CompatMode } from "../contract/error-bodies.js";
export type { CorsMode } from "../mock/cors.js";
export type { Dataset } from "../types/dataset.js";

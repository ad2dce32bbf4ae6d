// evals-contract/build: any record the real service sends, in one line, for a frontend's tests,
// stories and pages. Browser-safe and small: no Node built-in, no faker (test/browser/entries.test.ts
// bundles it). Records are the generated schema types, checked by the toolkit's checker.
export { buildEvaluation } from "./evaluation.js";
export { buildHumanEvaluation } from "./human-evaluation.js";
export { buildDataset } from "./dataset.js";
export type { BuildDatasetInput, BuildDatasetOptions } from "./dataset.js";
export type {
  KnownEvaluationStatus,
  KnownHumanEvaluationStatus,
  KnownHumanEvaluationType,
  KnownResultType,
  KnownStatus,
  OpenValue,
} from "../contract/statuses.js";
export { DEFAULT_APP_ID } from "./app-parts.js";
export { EVALUATION_CASE_IDS, HUMAN_EVALUATION_CASE_IDS } from "./cases.js";
export type { EvaluationCaseId, HumanEvaluationCaseId } from "./cases.js";
export { DEFAULT_NOW, rewindSequence } from "./options.js";
export type { BuildOptions, DeepPartial, EvaluationBuildOptions, HumanEvaluationBuildOptions } from "./options.js";
export type { Evaluation, HumanEvaluation } from "../types/schemas.js";
export type { Dataset } from "../types/dataset.js";

// The values the seed leaves open for a record's status and type (section 3: "State values: not
// shown"), as the real service has them (domain notes): the one list the generator, the builders and
// the mock's re-timing read.

/** `Evaluation.status.value`, finished ones first (the generator's weights follow this order). */
export const EVALUATION_STATUSES = [
  "EVALUATION_FINISHED",
  "EVALUATION_FINISHED_WITH_ERRORS",
  "EVALUATION_FAILED",
  "EVALUATION_AGGREGATION_FAILED",
  "EVALUATION_STARTED",
  "EVALUATION_INITIALIZED",
] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

/** `HumanEvaluation.evaluation_type`: two variants compared, or one. */
export const HUMAN_EVALUATION_TYPES = ["human_a_b_testing", "single_model_test"] as const;

/** `HumanEvaluation.status` (a plain string there); `COMPARISON_RUN_STARTED` is old data's. */
export const HUMAN_EVALUATION_STATUSES = [
  "EVALUATION_FINISHED",
  "EVALUATION_STARTED",
  "EVALUATION_INITIALIZED",
  "EVALUATION_FAILED",
  "COMPARISON_RUN_STARTED",
] as const;

/** The statuses a record ends in; every other one is still moving (queued, running, old data's comparison run). */
const FINAL: ReadonlySet<string> = new Set<string>([
  "EVALUATION_FINISHED",
  "EVALUATION_FINISHED_WITH_ERRORS",
  "EVALUATION_FAILED",
  "EVALUATION_AGGREGATION_FAILED",
]);

export const isFinalStatus = (status: unknown): boolean => typeof status === "string" && FINAL.has(status);

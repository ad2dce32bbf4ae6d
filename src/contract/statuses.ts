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
/** An Evaluation's status value as a type: a known one (editors complete them) or any other string. */
export type KnownEvaluationStatus = EvaluationStatus;

/** `HumanEvaluation.evaluation_type`: two variants compared, or one. */
export const HUMAN_EVALUATION_TYPES = ["human_a_b_testing", "single_model_test"] as const;
export type KnownHumanEvaluationType = (typeof HUMAN_EVALUATION_TYPES)[number];

/** `HumanEvaluation.status` (a plain string there); `COMPARISON_RUN_STARTED` is old data's. */
export const HUMAN_EVALUATION_STATUSES = [
  "EVALUATION_FINISHED",
  "EVALUATION_STARTED",
  "EVALUATION_INITIALIZED",
  "EVALUATION_FAILED",
  "COMPARISON_RUN_STARTED",
] as const;
export type KnownHumanEvaluationStatus = (typeof HUMAN_EVALUATION_STATUSES)[number];

/** Every status value a record of the service is known to have. */
export type KnownStatus = KnownEvaluationStatus | KnownHumanEvaluationStatus;

/** `Result.type`: the kinds of value the real service is known to send (Result.json's examples). */
export const RESULT_TYPES = ["status", "number", "cost", "latency", "error", "text", "bool", "string", "code", "regex", "object"] as const;
export type KnownResultType = (typeof RESULT_TYPES)[number];

/** A known value or any other string (the seed leaves these values open): editors still complete the known ones. */
export type OpenValue<Known extends string> = Known | (string & {});

/** The statuses a record ends in; every other one is still moving (queued, running, old data's comparison run). */
const FINAL: ReadonlySet<string> = new Set<string>([
  "EVALUATION_FINISHED",
  "EVALUATION_FINISHED_WITH_ERRORS",
  "EVALUATION_FAILED",
  "EVALUATION_AGGREGATION_FAILED",
]);

export const isFinalStatus = (status: unknown): boolean => typeof status === "string" && FINAL.has(status);

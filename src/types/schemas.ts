// Generated from schemas/*.json by `npm run gen` (scripts/typegen.ts). Do not edit by hand.
/* eslint-disable */

/** An automatic evaluation of application variants against a test set (seed, section 2.1). The arrays variant_ids, variant_names, variant_revision_ids and revisions are parallel: item i of each describes the same variant. */
export interface Evaluation {
  /** Identifier (24-hex object id in the real service). */
  id: string;
  /** The application the evaluation belongs to. */
  app_id: string;
  /** The user who started the evaluation. */
  user_id: string;
  /** The user's name; may be empty. */
  user_username: string;
  /** The evaluated variants. */
  variant_ids: string[];
  /** Names of the variants (falls back to the variant id when the variant was deleted). */
  variant_names: string[];
  /** Revision ids of the variants. Named variant_revision_ids here but variants_revision_ids in HumanEvaluation (seed, section 2.1 note). */
  variant_revision_ids: string[];
  /** Revision numbers as strings. */
  revisions: string[];
  /** The test set; optional here (required in HumanEvaluation). Empty when the test set was deleted. */
  testset_id?: string | null;
  /** Name of the test set; optional here. */
  testset_name?: string | null;
  /** A Result object (seed, section 3), not a string as in HumanEvaluation: {type: 'status', value: 'EVALUATION_FINISHED'}; a failed evaluation also carries error. */
  status: Result;
  /** One aggregate per evaluator config; empty while the evaluation runs. */
  aggregated_results: AggregatedResult[];
  /** {type: 'cost', value: USD}; absent while running. */
  average_cost?: Result | null;
  /** {type: 'cost', value: USD}; absent while running. */
  total_cost?: Result | null;
  /** {type: 'latency', value: seconds}; absent while running. */
  average_latency?: Result | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The aggregate of one evaluator over an evaluation (seed, section 2.2). */
export interface AggregatedResult {
  /** Seed 2.4: declared as an anyOf whose only described alternative is EvaluatorConfig. The other alternative is a plain object: the real service sends {} when the evaluator config was deleted, which must stay valid. The checker warns when a non-empty object is not a full EvaluatorConfig (x-expected). */
  evaluator_config: EvaluatorConfig | Record<string, unknown>;
  /** {type: 'number', value: float} for a finished evaluator (value may be null), {type: 'error', value: null, error} when it failed. */
  result: Result;
}

/** A typed value (seed, section 2.3), used for the status, aggregated results, costs and latency of an Evaluation. The seed leaves the allowed types and the type of value open: 'type' is an open string (known values in examples) and 'value' is any JSON value. */
export interface Result {
  /** The kind of value. Open string; the values known from the real service are listed in examples. */
  type: "status" | "number" | "cost" | "latency" | "error" | "text" | "bool" | "string" | "code" | "regex" | "object" | (string & {});
  /** Any JSON value (the seed leaves its type open): a status string, a number, null, an object... */
  value?: unknown;
  /** Set when the result is an error. */
  error?: Error | null;
}

/** The error object of a Result (seed, section 2.3). A failed evaluation carries {message: 'Evaluation Failed', stacktrace: 'Traceback ...'}. */
export interface Error {
  /** A human-readable error message. */
  message: string;
  /** The provider's stack trace, if any. */
  stacktrace?: string | null;
}

/** The configuration of an evaluator used by an automatic evaluation (seed, section 2.4). */
export interface EvaluatorConfig {
  /** Identifier (24-hex object id in the real service). */
  id: string;
  /** Display name; the web client uses it as a column header. */
  name: string;
  /** Which evaluator runs. Open string (seed: not shown); keys known from the real service are listed in examples. */
  evaluator_key: "auto_exact_match" | "auto_contains_json" | "auto_similarity_match" | "auto_regex_test" | "field_match_test" | "auto_ai_critique" | "auto_custom_code_run" | "auto_webhook_test" | "auto_starts_with" | "auto_ends_with" | "auto_contains" | "auto_contains_any" | "auto_contains_all" | "auto_levenshtein_distance" | "auto_semantic_similarity" | "auto_json_diff" | "rag_faithfulness" | "rag_context_relevancy" | (string & {});
  /** The evaluator's settings (seed: contents not shown). */
  settings_values?: Record<string, unknown> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A human evaluation (seed, section 2.5). Every field is required, testset_id included (optional in Evaluation). The arrays variant_ids, variant_names, variants_revision_ids and revisions are parallel: item i of each describes the same variant. */
export interface HumanEvaluation {
  /** Identifier (24-hex object id in the real service). */
  id: string;
  /** The application the evaluation belongs to. */
  app_id: string;
  /** The user who created the evaluation. */
  user_id: string;
  /** The user's name; may be empty. */
  user_username: string;
  /** Open string (seed: not shown). human_a_b_testing compares two variants, single_model_test rates one. */
  evaluation_type: "human_a_b_testing" | "single_model_test" | (string & {});
  /** The evaluated variants. */
  variant_ids: string[];
  /** Names of the variants. */
  variant_names: string[];
  /** Revision ids of the variants. Spelled variants_revision_ids here, variant_revision_ids in Evaluation (seed, section 2.1 note). */
  variants_revision_ids: string[];
  /** Revision numbers as strings. */
  revisions: string[];
  /** The test set; required here. Empty when it was deleted. */
  testset_id: string;
  /** Name of the test set. */
  testset_name: string;
  /** A plain string here, not a Result object as in Evaluation (seed, section 3). Open string; known values in examples. */
  status: "EVALUATION_INITIALIZED" | "EVALUATION_STARTED" | "EVALUATION_FINISHED" | "EVALUATION_FAILED" | "COMPARISON_RUN_STARTED" | (string & {});
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The body of a 422 response (seed, section 2.6). */
export interface HTTPValidationError {
  /** The faults. */
  detail?: ValidationErrorItem[] | null;
}

/** One validation fault (seed, section 2.6 and 7.2). */
export interface ValidationErrorItem {
  /** Where the fault is, as a path of strings and integers. */
  loc: Array<string | number>;
  /** A message. */
  msg: string;
  /** An error type string. */
  type: string;
}

/** An ISO 8601 date-time (seed, section 2: 'All timestamps are strings in date-time format (ISO 8601)') that names a real instant. ISO 8601 allows a local time, and the real service sends naive timestamps ('2024-05-17T10:54:19.123000'), so the UTC offset is optional here; a later version of the service used a space instead of 'T' for some resources, which this pattern also accepts. The checker warns about both (x-expected), because clients parse a naive timestamp as local time. The pattern checks the shape; format date-time the calendar and the clock (no 30 February, no 29 February 2023, no second 60: Python's datetime, which writes these values, cannot hold them). Validators whose date-time format requires an offset (RFC 3339) reject the naive form: the checker's does not (src/check/date-time.ts), and the Prism proxy's document drops the format. */
export type Timestamp = string;

// Realistic examples for the OpenAPI document (what Prism's static mock serves and the docs show).
// Shaped like the real service's data (domain notes): 24-hex ids, revision numbers as strings,
// a finished and a failed evaluation, a deleted evaluator config ({}), an error Result.
import type { Evaluation, HTTPValidationError, HumanEvaluation } from "../types/schemas.js";
import { missingAppIdBody } from "./error-bodies.js";

const APP_ID = "666dde95962bbaffdb0072b5";
const USER_ID = "666dde8f962bbaffdb0072b0";

const exactMatch = {
  id: "667d98fbd1812781f7e37611",
  name: "Exact match",
  evaluator_key: "auto_exact_match",
  settings_values: {},
  created_at: "2024-06-27T17:02:19.123000Z",
  updated_at: "2024-06-27T17:02:19.123000Z",
};

export const EVALUATION_EXAMPLES: Evaluation[] = [
  {
    id: "667d98fbd1812781f7e3761a",
    app_id: APP_ID,
    user_id: USER_ID,
    user_username: "jane.doe",
    variant_ids: ["666dde95962bbaffdb0072b6"],
    variant_names: ["app.default"],
    variant_revision_ids: ["666dde95962bbaffdb0072b8"],
    revisions: ["3"],
    testset_id: "666dde95962bbaffdb0072b7",
    testset_name: "capitals",
    status: { type: "status", value: "EVALUATION_FINISHED" },
    aggregated_results: [
      { evaluator_config: exactMatch, result: { type: "number", value: 0.75 } },
      {
        evaluator_config: {},
        result: {
          type: "error",
          value: null,
          error: { message: "Evaluation Failed", stacktrace: "Traceback (most recent call last): ..." },
        },
      },
    ],
    average_cost: { type: "cost", value: 0.0000605 },
    total_cost: { type: "cost", value: 0.000363 },
    average_latency: { type: "latency", value: 1.2371 },
    created_at: "2024-06-27T17:05:31.447000Z",
    updated_at: "2024-06-27T17:06:02.918000Z",
  },
  {
    id: "667d9a2cd1812781f7e3762c",
    app_id: APP_ID,
    user_id: USER_ID,
    user_username: "jane.doe",
    variant_ids: ["666dde95962bbaffdb0072b9"],
    variant_names: ["app.gpt4-turbo"],
    variant_revision_ids: ["666dde95962bbaffdb0072ba"],
    revisions: ["1"],
    status: {
      type: "status",
      value: "EVALUATION_FAILED",
      error: { message: "Evaluation Failed", stacktrace: "Traceback (most recent call last): ..." },
    },
    aggregated_results: [],
    created_at: "2024-06-27T17:10:36.001000Z",
    updated_at: "2024-06-27T17:10:39.250000Z",
  },
];

export const HUMAN_EVALUATION_EXAMPLES: HumanEvaluation[] = [
  {
    id: "667e1b0ad1812781f7e37701",
    app_id: APP_ID,
    user_id: USER_ID,
    user_username: "jane.doe",
    evaluation_type: "human_a_b_testing",
    variant_ids: ["666dde95962bbaffdb0072b6", "666dde95962bbaffdb0072b9"],
    variant_names: ["app.default", "app.gpt4-turbo"],
    variants_revision_ids: ["666dde95962bbaffdb0072b8", "666dde95962bbaffdb0072ba"],
    revisions: ["3", "1"],
    testset_id: "666dde95962bbaffdb0072b7",
    testset_name: "capitals",
    status: "EVALUATION_FINISHED",
    created_at: "2024-06-28T08:12:44.512000Z",
    updated_at: "2024-06-28T08:31:09.004000Z",
  },
];

/** The published document's 422 example: the framework's own body (the default compatibility target). */
export const VALIDATION_ERROR_EXAMPLE: HTTPValidationError = missingAppIdBody();

// Records that exercise every part of the compiled checker at once, for the tests that run it where
// code generation from strings is forbidden (a child with --disallow-code-generation-from-strings,
// a page whose Content-Security-Policy has no 'unsafe-eval'): a conforming Evaluation, and one with
// a fault for each keyword kind (errors from plain keywords and the date-time format, warnings from
// each warning keyword, the nested x-expected validator included).
import { readFileSync } from "node:fs";

const base = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL("./cases/bases/evaluation.json", import.meta.url), "utf8")) as Record<string, unknown>;

/** A conforming Evaluation: no finding at all. */
export const conformingEvaluation = (): Record<string, unknown> => base();

/** An Evaluation with errors and warnings of every kind; `variant` varies it a little. */
export function brokenEvaluation(variant = 0): Record<string, unknown> {
  const record = base();
  delete record.user_id; // required
  record.revisions = [3]; // type (in an array)
  record.created_at = "2023-02-29T10:00:00Z"; // timestamp: the date-time format (no 29 February 2023)
  record.updated_at = `2024-06-27T17:06:0${variant % 10}.918000`; // naive-timestamp (x-expected pattern)
  record.testset_name = null; // null-optional (x-warn-properties)
  record.duration_ms = 12; // unknown-property (x-warn-properties)
  record.status = { type: "status", value: "EVALUATION_PAUSED" }; // unknown-value (x-expected schema)
  record.variant_names = ["a", "b"]; // parallel-arrays
  record.aggregated_results = [
    // partial-evaluator-config (x-expected: a nested validator) and unknown-value (x-known-values)
    { evaluator_config: { id: "x", name: "Exact match" }, result: { type: "percent", value: 0.5 } },
  ];
  return record;
}

/** The rules brokenEvaluation() must raise: one per kind of check (sorted). */
export const BROKEN_EVALUATION_RULES = [
  "naive-timestamp",
  "null-optional",
  "parallel-arrays",
  "partial-evaluator-config",
  "required",
  "timestamp",
  "type",
  "unknown-property",
  "unknown-value",
] as const;

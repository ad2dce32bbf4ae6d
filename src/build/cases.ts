// The client cases a builder makes (the record-level ids of src/contract/client-cases.ts, which
// coverage counts), each with what it needs of the record: the statuses (and, for a human
// evaluation, the types) the real service shows it in. Cases combine when what they need meets;
// `empty-list` and `delayed` are no records (the mock's scenarios make them). A test keeps these
// tables and CLIENT_CASES in step.
import { didYouMean } from "../did-you-mean.js";
import { ToolkitError } from "../errors.js";
import { kindOf, shown } from "./json-data.js";

import { HUMAN_EVALUATION_STATUSES, HUMAN_EVALUATION_TYPES, type EvaluationStatus } from "../contract/statuses.js";

export { HUMAN_EVALUATION_STATUSES, HUMAN_EVALUATION_TYPES, type EvaluationStatus };

/** Evaluation statuses (src/contract/statuses.ts), in the order a builder prefers them when a case allows several. */
export const EVALUATION_STATUSES = [
  "EVALUATION_FINISHED",
  "EVALUATION_FINISHED_WITH_ERRORS",
  "EVALUATION_STARTED",
  "EVALUATION_INITIALIZED",
  "EVALUATION_FAILED",
  "EVALUATION_AGGREGATION_FAILED",
] as const satisfies readonly EvaluationStatus[];

type Needs = { readonly status?: readonly string[]; readonly type?: readonly string[] };

const [FINISHED, WITH_ERRORS, STARTED, INITIALIZED, FAILED, AGGREGATION_FAILED] = EVALUATION_STATUSES;
/** Finished runs have aggregates and costs; the others have neither (costs null). */
const WITH_AGGREGATES = { status: [FINISHED, WITH_ERRORS] };
const ANY: Needs = {};

export const EVALUATION_CASES = {
  "evaluation-status-initialized": { status: [INITIALIZED] },
  "evaluation-status-started": { status: [STARTED] },
  "evaluation-status-finished": { status: [FINISHED] },
  "evaluation-status-finished-with-errors": { status: [WITH_ERRORS] },
  "evaluation-status-failed": { status: [FAILED] },
  "evaluation-status-aggregation-failed": { status: [AGGREGATION_FAILED] },
  // The service puts an error on the status of a failed run only.
  "evaluation-status-error": { status: [FAILED, AGGREGATION_FAILED] },
  // An evaluator's aggregate fails in a run that finished with errors.
  "evaluation-error-result": { status: [WITH_ERRORS] },
  "evaluation-null-aggregate": WITH_AGGREGATES,
  "evaluation-deleted-evaluator-config": WITH_AGGREGATES,
  // Costs are written just before the final status: null while queued or running, and in a failed run.
  "evaluation-null-cost": { status: [STARTED, INITIALIZED, FAILED, AGGREGATION_FAILED] },
  "evaluation-cost-error": WITH_AGGREGATES,
  "evaluation-testset-deleted": ANY,
  "evaluation-empty-username": ANY,
  "evaluation-deleted-variant": ANY,
} as const satisfies Record<string, Needs>;

export const HUMAN_EVALUATION_CASES = {
  "human-a-b-test": { type: ["human_a_b_testing"] },
  "human-single-model": { type: ["single_model_test"] },
  "human-finished": { status: ["EVALUATION_FINISHED"] },
  "human-unfinished": { status: HUMAN_EVALUATION_STATUSES.slice(1) },
  "human-testset-deleted": ANY,
} as const satisfies Record<string, Needs>;

export type EvaluationCaseId = keyof typeof EVALUATION_CASES;
export type HumanEvaluationCaseId = keyof typeof HUMAN_EVALUATION_CASES;

export const EVALUATION_CASE_IDS: readonly EvaluationCaseId[] = Object.freeze(Object.keys(EVALUATION_CASES) as EvaluationCaseId[]);
export const HUMAN_EVALUATION_CASE_IDS: readonly HumanEvaluationCaseId[] = Object.freeze(
  Object.keys(HUMAN_EVALUATION_CASES) as HumanEvaluationCaseId[],
);

/** The cases asked for and the value chosen on each dimension (the first allowed, in the lists' order). */
export interface ResolvedCases<Id extends string> {
  ids: ReadonlySet<Id>;
  status: string;
  type: string;
}

const usage = (message: string): ToolkitError => new ToolkitError("E_USAGE", message);

/** Client cases that are no record: coverage sees them on a list or an answer (the mock's scenarios make them). */
export const NOT_RECORD_CASES = ["empty-list", "delayed"] as const;

/**
 * `given` (one id or an array) checked against `table`, the builder `fn`'s (`other`: the other
 * builder's); `dimensions` lists every value of each dimension in the order preferred. An unknown
 * id, another builder's, or cases that cannot meet (two statuses) are E_USAGE, naming them.
 */
export function resolveCases<Id extends string>(
  fn: string,
  table: Readonly<Record<Id, Needs>>,
  other: { fn: string; table: Readonly<Record<string, Needs>> },
  given: unknown,
  dimensions: { status: readonly string[]; type: readonly string[] },
): ResolvedCases<Id> {
  const valid = Object.keys(table);
  if (given !== undefined && typeof given !== "string" && !Array.isArray(given))
    throw usage(`${fn}: options.case must be a case id or an array of them, got ${kindOf(given)}; its cases: ${valid.join(", ")}`);
  const list: readonly unknown[] = given === undefined ? [] : Array.isArray(given) ? given : [given];
  const ids = new Set<Id>();
  for (const [i, id] of list.entries()) {
    if (typeof id === "string" && Object.hasOwn(table, id)) {
      ids.add(id as Id);
      continue;
    }
    // The id cut short: a 500 KB id is one short line (did-you-mean looks at short ones only).
    const text = shown(id);
    const near = typeof id === "string" ? didYouMean(id, valid) : undefined;
    const why =
      typeof id !== "string"
        ? `a case is an id (a string), got ${shown(id)}${Array.isArray(given) ? ` at options.case[${i}]` : ""}`
        : Object.hasOwn(other.table, id)
          ? `${text} is a case of ${other.fn}`
          : (NOT_RECORD_CASES as readonly string[]).includes(id)
            ? `${text} is no record (the mock's scenarios make it: Prefer: example=empty or delay=MS)`
            : `unknown case ${text}${near ? ` (did you mean "${near}"?)` : ""}`;
    throw usage(`${fn}: ${why}; its cases: ${valid.join(", ")}`);
  }
  const chosen = { status: "", type: "" };
  for (const dimension of ["status", "type"] as const) {
    let allowed: readonly string[] = dimensions[dimension];
    const by: Id[] = [];
    for (const id of ids) {
      const needs = table[id][dimension];
      if (!needs) continue;
      const meet = allowed.filter((value) => needs.includes(value));
      if (meet.length === 0) {
        // The earlier case it clashes with (with three or more, the first of them).
        const clash = by.find((earlier) => !table[earlier][dimension]!.some((value) => needs.includes(value))) ?? by[0]!;
        const wants = (c: Id): string => `${c} ${dimension} ${table[c][dimension]!.join(" or ")}`;
        throw usage(`${fn}: cases "${clash}" and "${id}" cannot be combined (${wants(clash)}; ${wants(id)})`);
      }
      allowed = meet;
      by.push(id);
    }
    chosen[dimension] = allowed[0]!;
  }
  return { ids, ...chosen };
}

// buildEvaluation: one automatic evaluation (seed 2.1) as the real service makes it, in the
// service's field order with every optional field present (null when it has no value), showing
// the client cases asked for (src/build/cases.ts) and the overrides merged over it, then checked.
import type { AggregatedResult, Evaluation, Result } from "../types/schemas.js";
import { aggregateValue } from "../generate/evaluator-kinds.js";
import { ENTITY, objectId } from "../generate/object-id.js";
import { Rng } from "../generate/rng.js";
import { AGGREGATE_FAILED_MESSAGE, aggregateFailedTraceback, costError, EVALUATION_TRACEBACKS } from "../generate/tracebacks.js";
import { appParts, DEFAULT_APP_ID, ID_MASK, type AppParts } from "./app-parts.js";
import { EVALUATION_CASES, EVALUATION_STATUSES, HUMAN_EVALUATION_CASES, resolveCases, type EvaluationCaseId } from "./cases.js";
import { checked } from "./checked.js";
import { mergeOver, overridesOf } from "./merge.js";
import { optionsOf, resolveNow, resolveSeed, type DeepPartial, type EvaluationBuildOptions } from "./options.js";
import { timesOf } from "./times.js";

const [FINISHED, WITH_ERRORS, STARTED, INITIALIZED, FAILED] = EVALUATION_STATUSES;
const HOUR_MS = 3_600_000;
const COSTS = ["average_cost", "total_cost", "average_latency"] as const;

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;
const numberResult = (value: number | null): Result => ({ type: "number", value, error: null });

/**
 * One aggregate per evaluator config of the run. The cases take their own slots: an error Result
 * first (a config that can fail), a null value next, the deleted config ({}) last.
 */
function aggregates(rng: Rng, app: AppParts, status: string, has: (id: EvaluationCaseId) => boolean, rows: number): AggregatedResult[] {
  const wantError = has("evaluation-error-result");
  const wantNull = has("evaluation-null-aggregate");
  const wantDeleted = has("evaluation-deleted-evaluator-config");
  const failingRun = status === WITH_ERRORS;
  const slots = +wantError + +wantNull + +wantDeleted + +(failingRun && wantNull && !wantError);
  const n = Math.max(rng.between(1, 3), slots);
  const start = wantError ? 0 : rng.int(3);
  const nullAt = wantNull ? +wantError : -1;
  // In a run finished with errors one evaluator had failing rows: an error Result, or null for
  // aggregate_binary and aggregate_ai_critique (services/aggregation_service.py).
  const failing = !failingRun ? -1 : wantError ? 0 : nullAt === -1 ? rng.int(n) : (nullAt + 1 + rng.int(n - 1)) % n;
  return Array.from({ length: n }, (_, k) => {
    const config = app.configs[(start + k) % app.configs.length]!;
    let result: Result;
    if (k === nullAt || (k === failing && config.toNull)) result = numberResult(null);
    else if (k === failing) {
      const left = config.score === "ratio" ? "bool" : config.score === "unit" ? "float" : "int";
      result = { type: "error", value: null, error: { message: AGGREGATE_FAILED_MESSAGE, stacktrace: aggregateFailedTraceback(left) } };
    } else result = numberResult(aggregateValue(config.score, rng, rows));
    // {}: the config was deleted after the run (the anyOf's other branch, seed 2.4).
    return { evaluator_config: wantDeleted && k === n - 1 ? {} : config.shown, result };
  });
}

/** The record for buildEvaluation and buildDataset (`path`: where a fault is reported). */
export function evaluationRecord(fn: string, overrides: unknown, options: EvaluationBuildOptions | undefined, path: string): Evaluation {
  const given = overridesOf(fn, overrides, path);
  const opts = optionsOf(fn, options);
  const cases = resolveCases(fn, EVALUATION_CASES, { fn: "buildHumanEvaluation", table: HUMAN_EVALUATION_CASES }, opts.case, {
    status: EVALUATION_STATUSES,
    type: [""],
  });
  const seed = resolveSeed(fn, "evaluation", opts.seed);
  const nowMs = resolveNow(fn, opts.now);
  const has = (id: EvaluationCaseId): boolean => cases.ids.has(id);
  const rng = new Rng(seed, 0x4556);
  const appId = typeof given.app_id === "string" ? given.app_id : DEFAULT_APP_ID;
  const app = appParts(appId);
  const status = cases.status;
  const finished = status === FINISHED || status === WITH_ERRORS;

  const user = has("evaluation-empty-username") ? app.emptyUser : rng.pick(app.users);
  // One variant per automatic evaluation (converters.evaluation_db_to_pydantic).
  const variant = has("evaluation-deleted-variant") ? app.deletedVariant : rng.pick(app.variants);
  const [revisionId, revision] = rng.pick(variant.revisions);
  const rows = app.testset.rows;

  let createdMs: number;
  let updatedMs: number;
  if (status === INITIALIZED) createdMs = updatedMs = nowMs - rng.between(5_000, 60_000);
  else if (status === STARTED) {
    createdMs = nowMs - rng.between(60_000, 600_000);
    updatedMs = nowMs - rng.int(20_000); // polled: written seconds ago
  } else {
    createdMs = nowMs - rng.between(HOUR_MS, 30 * 24 * HOUR_MS);
    updatedMs = createdMs + (finished ? 2_000 + Math.floor(rows * variant.latency * 1000 * rng.float(0.3, 1)) : 500 + rng.int(60_000));
  }

  const statusResult: Result = { type: "status", value: status, error: null };
  if (!finished && status !== STARTED && status !== INITIALIZED)
    statusResult.error = {
      message: status === FAILED ? "Evaluation Failed" : "Evaluation Aggregation Failed",
      stacktrace: rng.pick(EVALUATION_TRACEBACKS),
    };

  const costs: Record<(typeof COSTS)[number], Result | null> = { average_cost: null, total_cost: null, average_latency: null };
  if (finished && has("evaluation-cost-error")) {
    // No row recorded a cost or latency: the aggregations answer error Results.
    for (const field of COSTS) costs[field] = { type: "error", value: null, error: costError(field) };
  } else if (finished) {
    const average = round(variant.costPerRow * rng.float(0.8, 1.2), 7);
    costs.average_cost = { type: "cost", value: average, error: null };
    costs.total_cost = { type: "cost", value: round(average * rows, 7), error: null };
    costs.average_latency = { type: "latency", value: round(variant.latency * rng.float(0.7, 1.3), 4), error: null };
  }

  const deletedTestset = has("evaluation-testset-deleted");
  const record = {
    id: objectId(Math.floor(createdMs / 1000), ID_MASK, ENTITY.evaluation, 0xffff, seed >>> 0),
    app_id: appId,
    user_id: user.id,
    user_username: user.username,
    variant_ids: [variant.id],
    variant_names: [variant.name],
    variant_revision_ids: [revisionId],
    revisions: [revision],
    // "" once the test set is deleted (converters.py), never null.
    testset_id: deletedTestset ? "" : app.testset.id,
    testset_name: deletedTestset ? "" : app.testset.name,
    status: statusResult,
    aggregated_results: finished ? aggregates(rng, app, status, has, rows) : [],
    ...costs,
    ...timesOf(createdMs, updatedMs, given),
  };
  return checked(fn, "Evaluation", mergeOver(record, given), path, opts.allowUnknown);
}

/**
 * An Evaluation as the real service sends it: finished with aggregates and costs unless `options.case`
 * asks for another case; `overrides` merged over it (plain objects merged, arrays replaced). Checked:
 * an override that breaks the contract is E_DATA_INVALID; an unknown case E_USAGE.
 */
export const buildEvaluation = (overrides?: DeepPartial<Evaluation>, options?: EvaluationBuildOptions): Evaluation =>
  evaluationRecord("buildEvaluation", overrides, options, "$");

// One realistic automatic evaluation (seed 2.1) of an app, drawn from the app's pool.
import type { AggregatedResult, Evaluation, Result } from "../types/schemas.js";
import { deepFreeze, type AppPool, type PoolEvaluatorConfig, type PoolTestset, type PoolVariant, type VariantArrays } from "./app-pool.js";
import { aggregateValue, aggregatesToNull } from "./evaluator-kinds.js";
import { ENTITY, objectId } from "./object-id.js";
import type { Rng } from "./rng.js";
import type { EvaluationCase } from "./survival-cases.js";
import { formatTimestamp, type TimestampFormat } from "./timestamp.js";
import { AGGREGATE_FAILED_MESSAGE, aggregateFailedTraceback, costError, EVALUATION_TRACEBACKS } from "./tracebacks.js";
import { RECORDS_END_MS, RECORDS_START_MS } from "./time-window.js";

import { EVALUATION_STATUSES, type EvaluationStatus } from "../contract/statuses.js";

export { EVALUATION_STATUSES, type EvaluationStatus };

/** How a run ends, in EVALUATION_STATUSES order (the first three), weighted as OLD_WEIGHTS says. */
export const FINAL_STATUSES = EVALUATION_STATUSES.slice(0, 3);
// Relative weights, in EVALUATION_STATUSES order. Most recent records (last 8% of an app's
// timeline) are often still queued or running; older ones only when a worker died ("stuck").
const OLD_WEIGHTS = [70, 11, 8, 2, 1, 0.5];
const RECENT_WEIGHTS = [40, 6, 6, 1, 27, 20];
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
export const FINAL_WEIGHTS = OLD_WEIGHTS.slice(0, 3);
export const FINAL_TOTAL = sum(FINAL_WEIGHTS);
const OLD_TOTAL = sum(OLD_WEIGHTS);
const RECENT_TOTAL = sum(RECENT_WEIGHTS);
// The status Results without error are the same in every record: shared and frozen (the fast
// serializer prints a frozen object once). Every Result carries all three keys, `error: null`
// included: the service serializes its pydantic models, which never leave a field out.
const STATUS_RESULTS: Readonly<Record<string, Result>> = Object.fromEntries(
  EVALUATION_STATUSES.map((value) => [value, Object.freeze({ type: "status", value, error: null })]),
);
/** Records before this fraction of an app's timeline may use since-deleted variants, test sets, configs. */
const DELETIONS_BEFORE = 0.6;

export interface StreamContext {
  app: AppPool;
  rng: Rng;
  idMask: number;
  format: TimestampFormat;
  /** How many records of this kind the app has (places record i on the app's timeline). */
  count: number;
  /** Start of this stream's id serials (ids stay unique: serial = base + i). */
  serialBase: number;
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Timeline position of record i: increasing with i, jittered, inside the records window. */
export function createdAtMs(ctx: StreamContext, i: number): number {
  return RECORDS_START_MS + Math.floor(((i + ctx.rng.next()) / ctx.count) * (RECORDS_END_MS - RECORDS_START_MS));
}

/** Picks from `all`, or from `live` (its items not deleted) when the record is recent. */
export function pickLive<T>(rng: Rng, all: readonly T[], live: readonly T[], allowDeleted: boolean): T {
  return rng.pick(allowDeleted || live.length === 0 ? all : live);
}

export function pickVariants(rng: Rng, app: AppPool, count: number, allowDeleted: boolean): PoolVariant[] {
  const first = pickLive(rng, app.variants, app.live.variants, allowDeleted);
  if (count === 1 || app.variants.length < 2) return [first];
  let second = pickLive(rng, app.variants, app.live.variants, allowDeleted);
  for (let tries = 0; second === first && tries < 8; tries++) second = pickLive(rng, app.variants, app.live.variants, allowDeleted);
  if (second === first) second = app.variants.find((v) => v !== first)!;
  return [first, second];
}

/** The parallel arrays for `variants`, one revision of each; one variant: the pool's shared arrays. */
export function variantArrays(rng: Rng, variants: readonly PoolVariant[]): VariantArrays {
  if (variants.length === 1) return rng.pick(variants[0]!.revisions).single;
  const revisions = variants.map((v) => rng.pick(v.revisions));
  return {
    ids: variants.map((v) => v.id),
    names: variants.map((v) => v.shownName),
    revisionIds: revisions.map((r) => r.id),
    numbers: revisions.map((r) => r.number),
  };
}

/** One to three of `from` (at least one item), consecutive from a random start: the configs of one run. */
export function pickConfigs<T>(rng: Rng, from: readonly T[]): T[] {
  const count = Math.min(from.length, rng.between(1, 3));
  const start = rng.int(from.length);
  const chosen: T[] = [];
  for (let k = 0; k < count; k++) chosen.push(from[(start + k) % from.length]!);
  return chosen;
}

function chooseConfigs(rng: Rng, app: AppPool, allowDeleted: boolean, wantDeleted: boolean): PoolEvaluatorConfig[] {
  const chosen = pickConfigs(rng, allowDeleted || app.live.configs.length === 0 ? app.configs : app.live.configs);
  if (wantDeleted && !chosen.some((c) => c.deleted)) {
    const deleted = app.configs.find((c) => c.deleted);
    if (deleted) chosen[chosen.length - 1] = deleted;
  }
  return chosen;
}

/** The status Result of an evaluation in `status`: failed ones carry the service's error and a traceback. */
// Error Results are the same texts in many records: shared and frozen, so the fast serializer
// prints each once (record-json.ts).
const failedStatuses = (message: string, value: EvaluationStatus): readonly Result[] =>
  EVALUATION_TRACEBACKS.map((stacktrace) => deepFreeze({ type: "status", value, error: { message, stacktrace } }));
const FAILED_STATUS_RESULTS = failedStatuses("Evaluation Failed", "EVALUATION_FAILED");
const AGGREGATION_FAILED_STATUS_RESULTS = failedStatuses("Evaluation Aggregation Failed", "EVALUATION_AGGREGATION_FAILED");
const aggregateFailed = (left: "int" | "float" | "bool"): Result =>
  deepFreeze({ type: "error", value: null, error: { message: AGGREGATE_FAILED_MESSAGE, stacktrace: aggregateFailedTraceback(left) } });
const AGGREGATE_FAILED_RESULTS: Readonly<Record<"int" | "float" | "bool", Result>> = {
  int: aggregateFailed("int"),
  float: aggregateFailed("float"),
  bool: aggregateFailed("bool"),
};
const costFailed = (field: "average_cost" | "total_cost" | "average_latency"): Result =>
  deepFreeze({ type: "error", value: null, error: costError(field) });
const COST_ERROR_RESULTS = {
  average_cost: costFailed("average_cost"),
  total_cost: costFailed("total_cost"),
  average_latency: costFailed("average_latency"),
};

export function statusResultOf(rng: Rng, status: EvaluationStatus): Result {
  if (status === "EVALUATION_FAILED") return rng.pick(FAILED_STATUS_RESULTS);
  if (status === "EVALUATION_AGGREGATION_FAILED") return rng.pick(AGGREGATION_FAILED_STATUS_RESULTS);
  return STATUS_RESULTS[status]!;
}

/** What an aggregate needs of an evaluator config: what records show, its kind and how its score looks. */
export type AggregateConfig = Pick<PoolEvaluatorConfig, "kind" | "score" | "shown">;

/**
 * The aggregated_results of a finished run over `rows` test cases, one per config. In a run finished
 * with errors one evaluator had failing rows; `nullFirst` forces a null value on the first aggregate.
 */
export function aggregatedResults(
  rng: Rng,
  configs: readonly AggregateConfig[],
  status: EvaluationStatus,
  rows: number,
  nullFirst: boolean,
): AggregatedResult[] {
  const aggregated: AggregatedResult[] = [];
  // Which evaluator had failing rows in a run finished with errors (at least one did).
  const failing = status === "EVALUATION_FINISHED_WITH_ERRORS" ? rng.int(configs.length) : -1;
  const nullValueAt = nullFirst ? 0 : rng.chance(0.03) ? rng.int(configs.length) : -1;
  for (let k = 0; k < configs.length; k++) {
    const config = configs[k]!;
    let result: Result;
    if (k === failing && !aggregatesToNull(config.kind)) {
      // A row's error (value None) breaks the mean: aggregate_float answers an error Result.
      result = AGGREGATE_FAILED_RESULTS[config.score === "ratio" ? "bool" : config.score === "unit" ? "float" : "int"];
    } else {
      const noValue = k === nullValueAt || k === failing;
      result = { type: "number", value: noValue ? null : aggregateValue(config.score, rng, rows), error: null };
    }
    aggregated.push({ evaluator_config: config.shown, result });
  }
  return aggregated;
}

export interface CostResults {
  average_cost: Result;
  total_cost: Result;
  average_latency: Result;
}

/**
 * average_cost, total_cost and average_latency of a finished run of a variant with this cost per row
 * and latency; `forceError` (or 3% of runs) is the case where no row recorded a cost or latency.
 */
export function costResults(
  rng: Rng,
  variant: Pick<PoolVariant, "costPerRow" | "latency">,
  rows: number,
  forceError: boolean,
): CostResults {
  if (forceError || rng.chance(0.03)) {
    // No row recorded a cost or latency: the service's aggregations answer error Results.
    return COST_ERROR_RESULTS;
  }
  const average = round(variant.costPerRow * rng.float(0.8, 1.2), 7);
  return {
    average_cost: { type: "cost", value: average, error: null },
    total_cost: { type: "cost", value: round(average * rows, 7), error: null },
    average_latency: { type: "latency", value: round(variant.latency * rng.float(0.7, 1.3), 4), error: null },
  };
}

/** The evaluation record `i` of the app in `ctx`, with `forced` applied when given. */
export function buildEvaluation(ctx: StreamContext, i: number, forced: EvaluationCase | undefined): Evaluation {
  const { app, rng } = ctx;
  const created = createdAtMs(ctx, i);
  const fraction = i / ctx.count;
  const allowDeleted = fraction < DELETIONS_BEFORE || forced === "deleted-variant" || forced === "testset-deleted";
  const recent = fraction >= 0.92;

  let status: EvaluationStatus =
    EVALUATION_STATUSES[recent ? rng.weighted(RECENT_WEIGHTS, RECENT_TOTAL) : rng.weighted(OLD_WEIGHTS, OLD_TOTAL)]!;
  if (forced === "failed") status = "EVALUATION_FAILED";
  else if (forced === "finished-with-errors") status = "EVALUATION_FINISHED_WITH_ERRORS";
  else if (forced === "aggregation-failed") status = "EVALUATION_AGGREGATION_FAILED";
  else if (forced === "queued") status = "EVALUATION_INITIALIZED";
  else if (forced === "running") status = "EVALUATION_STARTED";
  else if (forced !== undefined) status = "EVALUATION_FINISHED"; // the other cases show best on a plain finished run

  let user = rng.pick(app.users);
  if (forced === "empty-username") user = app.users.find((u) => u.username === "") ?? user;
  else if (user.username === "" && rng.chance(0.5)) user = app.users[0]!; // keep "" users rare-ish

  // An automatic evaluation runs one variant (converters.evaluation_db_to_pydantic: `variant_ids=[str(evaluation_db.variant)]`).
  let variants = pickVariants(rng, app, 1, allowDeleted);
  if (forced === "deleted-variant") {
    const deleted = app.variants.find((v) => v.deleted);
    if (deleted) variants = [deleted];
  }
  const arrays = variantArrays(rng, variants);

  // Always a string: "" once the test set is deleted (converters.py: `"" if type(evaluation_db.testset) is Link`).
  let testset: PoolTestset = pickLive(rng, app.testsets, app.live.testsets, allowDeleted);
  if (forced === "testset-deleted") testset = app.testsets.find((t) => t.deleted) ?? testset;
  const rows = testset.rows;

  const finished = status === "EVALUATION_FINISHED" || status === "EVALUATION_FINISHED_WITH_ERRORS";
  const statusResult = statusResultOf(rng, status);
  const aggregated = finished
    ? aggregatedResults(
        rng,
        chooseConfigs(rng, app, allowDeleted, forced === "deleted-evaluator-config"),
        status,
        rows,
        forced === "null-aggregate-value",
      )
    : [];

  let durationMs: number;
  if (finished) durationMs = 2000 + Math.floor(rows * variants[0]!.latency * 1000 * rng.float(0.3, 1));
  else if (status === "EVALUATION_INITIALIZED") durationMs = 0;
  else if (status === "EVALUATION_STARTED") durationMs = rng.int(90_000);
  else durationMs = 500 + rng.int(60_000);

  // Built as a plain object in the service's field order (its pydantic model, seed 2.1), every
  // optional field present and null when it has no value, as FastAPI serializes a response_model;
  // the generated types cannot say `null` there (the seed marks nothing nullable).
  const record: Record<string, unknown> = {
    id: objectId(Math.floor(created / 1000), ctx.idMask, ENTITY.evaluation, app.index, (ctx.serialBase + i) >>> 0),
    app_id: app.id,
    user_id: user.id,
    user_username: user.username,
    variant_ids: arrays.ids,
    variant_names: arrays.names,
    variant_revision_ids: arrays.revisionIds,
    revisions: arrays.numbers,
    testset_id: testset.shownId,
    testset_name: testset.shownName,
    status: statusResult,
    aggregated_results: aggregated,
    average_cost: null,
    total_cost: null,
    average_latency: null,
  };
  if (finished) Object.assign(record, costResults(rng, variants[0]!, rows, forced === "cost-error"));
  record.created_at = formatTimestamp(created, ctx.format);
  record.updated_at = formatTimestamp(created + durationMs, ctx.format);
  return record as unknown as Evaluation;
}

// The live-progress story of a dataset: its queued and running evaluations and human evaluations
// move through the real status sequence over a duration, as the web client sees them when it
// polls (domain notes, "How its web client uses the three endpoints"). Pure: the elapsed time is
// an input, never the clock, so the same base, seed and elapsed time give the same records.
//
// An automatic evaluation: EVALUATION_INITIALIZED (queued) -> EVALUATION_STARTED -> (aggregated
// results written) -> (costs and latency written) -> EVALUATION_FINISHED or
// EVALUATION_FINISHED_WITH_ERRORS; or STARTED -> EVALUATION_FAILED with the service's error. The
// service's evaluate task writes the aggregates and the costs before its last write, the final status,
// so a poll in between sees a STARTED evaluation with results: clients must not read results as
// "finished". A human evaluation: EVALUATION_INITIALIZED -> EVALUATION_STARTED -> EVALUATION_FINISHED.
// updated_at moves with each write; created_at never does.
import type { Dataset } from "../types/dataset.js";
import type { Evaluation, EvaluatorConfig, HumanEvaluation, Result } from "../types/schemas.js";
import {
  aggregatedResults,
  costResults,
  FINAL_STATUSES,
  FINAL_TOTAL,
  FINAL_WEIGHTS,
  pickConfigs,
  statusResultOf,
  type AggregateConfig,
} from "./evaluation-record.js";
import { EVALUATOR_KINDS, scoreOf, type EvaluatorKind } from "./evaluator-kinds.js";
import { Rng } from "./rng.js";
import { shiftTimestamp } from "./timestamp.js";

export interface LiveOptions {
  /** The story's seed: the same seed tells the same story (default 42, the default dataset's). */
  seed?: number;
  /** Every live record reaches its final status within this time (ms from the start). */
  durationMs: number;
}

export interface LiveStory {
  /** The dataset `elapsedMs` after the start (clamped to 0 and the duration). */
  at(elapsedMs: number): Dataset;
  /** Every distinct record a live record passes through, the final ones included (for checking them once). */
  readonly stages: { evaluations: Evaluation[]; human_evaluations: HumanEvaluation[] };
  /** How many writes have happened `elapsedMs` after the start: the dataset changes exactly when this does. */
  version(elapsedMs: number): number;
  /** How many evaluations and human evaluations move. */
  readonly moving: { evaluations: number; human_evaluations: number };
  readonly durationMs: number;
}

interface Stage<T> {
  atMs: number;
  record: T;
}

const STREAM_LIVE = 0x11fe;
const KIND_EVALUATION = 1;
const KIND_HUMAN = 2;

/** A 32-bit hash of an id (FNV-1a), so a record's story does not depend on where it sits in the lists. */
export function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const isQueued = (value: unknown): boolean => value === "EVALUATION_INITIALIZED";
const isMoving = (value: unknown): boolean => value === "EVALUATION_INITIALIZED" || value === "EVALUATION_STARTED";

/** The record with updated_at moved `deltaMs` later (kept as is when it is not a timestamp). */
function touched<T extends { updated_at: string }>(record: T, deltaMs: number, changes: Partial<T>): T {
  return { ...record, ...changes, updated_at: shiftTimestamp(record.updated_at, Math.round(deltaMs)) ?? record.updated_at };
}

/** What an app's runs reuse: its evaluator configs and each variant's cost per row and latency, read from its finished records. */
interface AppMemory {
  configs: AggregateConfig[];
  variants: Map<string, { costPerRow: number; latency: number }>;
}

const kindOf = (key: string): EvaluatorKind =>
  EVALUATOR_KINDS.find((k) => k.key === key) ?? { key, label: key, score: "unit", settings: () => ({}) };

function remember(evaluations: readonly Evaluation[]): Map<string, AppMemory> {
  const apps = new Map<string, AppMemory>();
  for (const e of evaluations) {
    let app = apps.get(e.app_id);
    if (!app) apps.set(e.app_id, (app = { configs: [], variants: new Map() }));
    for (const { evaluator_config: config } of e.aggregated_results ?? []) {
      // A deleted config ({}) is not used by new runs.
      if (typeof (config as Partial<EvaluatorConfig>).evaluator_key !== "string") continue;
      const full = config as EvaluatorConfig;
      if (app.configs.some((c) => (c.shown as EvaluatorConfig).id === full.id)) continue;
      const kind = kindOf(full.evaluator_key);
      app.configs.push({ kind, score: scoreOf(kind, full.settings_values ?? {}), shown: full });
    }
    const cost = (e.average_cost as Result | null | undefined)?.value;
    const latency = (e.average_latency as Result | null | undefined)?.value;
    const variant = e.variant_ids[0];
    if (variant !== undefined && typeof cost === "number" && typeof latency === "number" && !app.variants.has(variant))
      app.variants.set(variant, { costPerRow: cost, latency });
  }
  return apps;
}

const hex32 = (n: number): string => n.toString(16).padStart(8, "0");

/** An evaluator config for an app that has none in the data: one of the real service's evaluators. */
function newConfig(rng: Rng, record: Evaluation): AggregateConfig {
  const kind = rng.pick(EVALUATOR_KINDS);
  const settings = kind.settings(rng);
  const shown: EvaluatorConfig = {
    id: record.id.slice(0, 8) + hex32(rng.uint32()) + hex32(rng.uint32()),
    name: kind.label,
    evaluator_key: kind.key,
    settings_values: settings,
    created_at: record.created_at,
    updated_at: record.created_at,
  };
  return { kind, score: scoreOf(kind, settings), shown };
}

function evaluationStages(record: Evaluation, app: AppMemory | undefined, seed: number, durationMs: number): Stage<Evaluation>[] {
  const rng = new Rng(seed, STREAM_LIVE, KIND_EVALUATION, hashId(record.id));
  const stages: Stage<Evaluation>[] = [{ atMs: 0, record }];
  const startMs = isQueued(record.status.value) ? durationMs * rng.float(0.05, 0.35) : 0;
  if (startMs > 0) stages.push({ atMs: startMs, record: touched(record, startMs, { status: statusResultOf(rng, "EVALUATION_STARTED") }) });
  const started = stages[stages.length - 1]!.record;
  const outcome = FINAL_STATUSES[rng.weighted(FINAL_WEIGHTS, FINAL_TOTAL)]!;
  const endMs = startMs + (durationMs - startMs) * rng.float(outcome === "EVALUATION_FAILED" ? 0.15 : 0.5, 0.98);
  if (outcome === "EVALUATION_FAILED") {
    // The task raised: its handler writes the failed status; no results, no costs.
    stages.push({ atMs: endMs, record: touched(record, endMs, { status: statusResultOf(rng, outcome) }) });
    return stages;
  }
  const rows = rng.between(5, 120);
  const configs = app && app.configs.length > 0 ? pickConfigs(rng, app.configs) : [newConfig(rng, record)];
  const aggregated = aggregatedResults(rng, configs, outcome, rows, false);
  const variant = app?.variants.get(record.variant_ids[0] ?? "") ?? { costPerRow: rng.float(0.00002, 0.004), latency: rng.float(0.3, 6) };
  const costs = costResults(rng, variant, rows, false);
  // The last writes come close together: aggregates, then costs and latency, then the status.
  const gap = Math.min(2000, (endMs - startMs) / 6);
  const withResults = touched(record, endMs - 2 * gap, { status: started.status, aggregated_results: aggregated });
  const withCosts = touched(record, endMs - gap, { status: started.status, aggregated_results: aggregated, ...costs });
  stages.push({ atMs: endMs - 2 * gap, record: withResults }, { atMs: endMs - gap, record: withCosts });
  stages.push({
    atMs: endMs,
    record: touched(record, endMs, { aggregated_results: aggregated, ...costs, status: statusResultOf(rng, outcome) }),
  });
  return stages;
}

function humanStages(record: HumanEvaluation, seed: number, durationMs: number): Stage<HumanEvaluation>[] {
  const rng = new Rng(seed, STREAM_LIVE, KIND_HUMAN, hashId(record.id));
  const stages: Stage<HumanEvaluation>[] = [{ atMs: 0, record }];
  const startMs = isQueued(record.status) ? durationMs * rng.float(0.05, 0.4) : 0;
  if (startMs > 0) stages.push({ atMs: startMs, record: touched(record, startMs, { status: "EVALUATION_STARTED" }) });
  const endMs = startMs + (durationMs - startMs) * rng.float(0.4, 0.98);
  stages.push({ atMs: endMs, record: touched(record, endMs, { status: "EVALUATION_FINISHED" }) });
  return stages;
}

const stageAt = <T>(stages: readonly Stage<T>[], elapsedMs: number): T => {
  let current = stages[0]!.record;
  for (const stage of stages) if (stage.atMs <= elapsedMs) current = stage.record;
  return current;
};

/** The story of `base`: its records in every stage, computed once; `at` picks each record's stage. */
export function liveStory(base: Dataset, options: LiveOptions): LiveStory {
  const seed = options.seed ?? 42;
  const durationMs = Math.max(0, options.durationMs);
  const apps = remember(base.evaluations);
  const evaluationPlans = base.evaluations.map((e) =>
    e.status.type === "status" && isMoving(e.status.value) ? evaluationStages(e, apps.get(e.app_id), seed, durationMs) : undefined,
  );
  const humanPlans = base.human_evaluations.map((e) => (isMoving(e.status) ? humanStages(e, seed, durationMs) : undefined));
  const times = [...evaluationPlans, ...humanPlans].flatMap((p) => (p ? p.slice(1).map((s) => s.atMs) : [])).sort((a, b) => a - b);
  const later = <T>(plans: (Stage<T>[] | undefined)[]): T[] => plans.flatMap((p) => (p ? p.slice(1).map((s) => s.record) : []));
  return {
    durationMs,
    moving: { evaluations: evaluationPlans.filter(Boolean).length, human_evaluations: humanPlans.filter(Boolean).length },
    stages: { evaluations: later(evaluationPlans), human_evaluations: later(humanPlans) },
    version(elapsedMs: number): number {
      let passed = 0;
      while (passed < times.length && times[passed]! <= elapsedMs) passed++;
      return passed;
    },
    at(elapsedMs: number): Dataset {
      const t = Math.min(Math.max(0, elapsedMs), durationMs);
      return {
        evaluations: base.evaluations.map((e, i) => (evaluationPlans[i] ? stageAt(evaluationPlans[i], t) : e)),
        human_evaluations: base.human_evaluations.map((e, i) => (humanPlans[i] ? stageAt(humanPlans[i], t) : e)),
      };
    },
  };
}

/**
 * The dataset `base` becomes `nowMs - startedAtMs` after a live mock started at `startedAtMs`:
 * deterministic in the seed and the elapsed time. For many calls on one base, use `liveStory`.
 */
export function liveDataset(base: Dataset, startedAtMs: number, nowMs: number, options: LiveOptions): Dataset {
  return liveStory(base, options).at(nowMs - startedAtMs);
}

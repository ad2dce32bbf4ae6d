// The realistic generator as a stream of records: evaluations of every app, then human
// evaluations of every app. Memory is the app pools only, whatever the number of records, so the
// CLI can write millions of records; `generateDataset` collects the same stream.
import type { Evaluation, HumanEvaluation } from "../types/schemas.js";
import { buildAppPool, buildUsers, type AppPool, type RunContext } from "./app-pool.js";
import { buildEvaluation, type StreamContext } from "./evaluation-record.js";
import { buildHumanEvaluation } from "./human-evaluation-record.js";
import { recordCounts, resolveOptions, type GenerateOptions, type ResolvedOptions } from "./options.js";
import { mixSeed, Rng } from "./rng.js";
import { EVALUATION_CASES, HUMAN_EVALUATION_CASES, placeCases } from "./survival-cases.js";
import { formatsForStyle } from "./timestamp.js";

export type GeneratedRecord = { kind: "evaluation"; record: Evaluation } | { kind: "human_evaluation"; record: HumanEvaluation };

// Stream tags: each (kind, app) pair draws from its own Rng, so changing the number of
// evaluations leaves the apps and the human evaluations as they were.
const STREAM_EVALUATIONS = 0x4556;
const STREAM_HUMAN = 0x4845;

export interface RecordPlan {
  options: ResolvedOptions;
  idMask: number;
  /** The pools of the apps that get records, by index (an app with none never shows, so it is not built). */
  pools: AppPool[];
  evaluationCounts: number[];
  humanCounts: number[];
  total: number;
}

/** Resolves the options and builds the app pools (the only state the stream keeps). */
export function planRecords(options: GenerateOptions): RecordPlan {
  const resolved = resolveOptions(options);
  const idMask = mixSeed(resolved.seed, 0x49444d);
  const formats = formatsForStyle(resolved.timestamps);
  const run: RunContext = { seed: resolved.seed, idMask, users: buildUsers(resolved.seed, idMask), configFormat: formats.evaluatorConfig };
  const counts = recordCounts(resolved);
  // Only apps with records: `--apps 65535` with 10 records builds a few pools, not 65,535 (a pool
  // depends on the seed and its index alone, so skipping the others changes no record).
  const pools: AppPool[] = [];
  for (let i = 0; i < resolved.apps; i++)
    if (counts.evaluations[i]! > 0 || counts.humanEvaluations[i]! > 0) pools.push(buildAppPool(run, i));
  return {
    options: resolved,
    idMask,
    pools,
    evaluationCounts: counts.evaluations,
    humanCounts: counts.humanEvaluations,
    total: resolved.evaluations + resolved.humanEvaluations,
  };
}

function streamContext(plan: RecordPlan, app: AppPool, stream: number, count: number, humans: boolean): StreamContext {
  const rng = new Rng(plan.options.seed, stream, app.index);
  const formats = formatsForStyle(plan.options.timestamps);
  return {
    app,
    rng,
    idMask: plan.idMask,
    format: humans ? formats.humanEvaluation : formats.evaluation,
    count,
    serialBase: rng.uint32(),
  };
}

/** Every record of the plan, evaluations first; the first app carries the survival cases. */
export function* generateRecords(planOrOptions: RecordPlan | GenerateOptions): Generator<GeneratedRecord, void, undefined> {
  const plan = "pools" in planOrOptions ? planOrOptions : planRecords(planOrOptions);
  for (const app of plan.pools) {
    const count = plan.evaluationCounts[app.index]!;
    const ctx = streamContext(plan, app, STREAM_EVALUATIONS, count, false);
    const cases = app.index === 0 ? placeCases(EVALUATION_CASES, count) : undefined;
    for (let i = 0; i < count; i++) yield { kind: "evaluation", record: buildEvaluation(ctx, i, cases?.get(i)) };
  }
  for (const app of plan.pools) {
    const count = plan.humanCounts[app.index]!;
    const ctx = streamContext(plan, app, STREAM_HUMAN, count, true);
    const cases = app.index === 0 ? placeCases(HUMAN_EVALUATION_CASES, count) : undefined;
    for (let i = 0; i < count; i++) yield { kind: "human_evaluation", record: buildHumanEvaluation(ctx, i, cases?.get(i)) };
  }
}

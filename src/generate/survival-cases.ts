// The cases a client must survive (domain notes, last paragraph), placed on purpose in the first
// app's records so that every dataset of the default size shows each of them at least once,
// whatever the seed. Other records get the same cases by chance, in realistic proportions. Only
// cases the real service can produce: it always sends every field (null when empty), one variant
// per automatic evaluation, and "" for a deleted test set (absent or null optionals are the
// schema mode's business).

export const EVALUATION_CASES = [
  "failed",
  "finished-with-errors",
  "aggregation-failed",
  "deleted-evaluator-config",
  "null-aggregate-value",
  "cost-error",
  "testset-deleted",
  "empty-username",
  "deleted-variant",
  "queued",
  "running",
] as const;
export type EvaluationCase = (typeof EVALUATION_CASES)[number];

export const HUMAN_EVALUATION_CASES = [
  "comparison-run-started",
  "testset-deleted",
  "empty-username",
  "deleted-variant",
  "single-model",
  "a-b-test",
  "failed",
  "finished",
  "queued",
  "running",
] as const;
export type HumanEvaluationCase = (typeof HUMAN_EVALUATION_CASES)[number];

/**
 * Which record of an app of `count` records gets which case. Cases are spread over the app's
 * timeline in list order: deletions and old statuses early, queued and running ones last (the
 * most recent records are the ones still running). Fewer records than cases: the first ones win.
 */
export function placeCases<C extends string>(cases: readonly C[], count: number): Map<number, C> {
  const placed = new Map<number, C>();
  if (count === 0) return placed;
  const slots = Math.min(cases.length, count);
  for (let c = 0; c < slots; c++) {
    // The last two cases (queued, running) go to the very end; the rest spread over the first 80%.
    const fromEnd = cases.length - c;
    let index = fromEnd <= 2 ? count - fromEnd : Math.floor(((c + 0.5) / (cases.length - 2)) * count * 0.8);
    index = Math.max(0, Math.min(count - 1, index));
    while (placed.has(index)) index = (index + 1) % count;
    placed.set(index, cases[c]!);
  }
  return placed;
}

// The embedded default dataset (fixtures/default.json) shows every case a client must survive
// (domain notes), is small enough to load instantly, and is what its documented command writes.
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_DATASET_PATH, type Dataset } from "../../src/types/dataset.js";
import { generateDataset, DEFAULT_SEED, EVALUATION_CASES, HUMAN_EVALUATION_CASES } from "../../src/generate/index.js";
import type { Evaluation, HumanEvaluation } from "../../src/types/schemas.js";

const dataset = JSON.parse(readFileSync(DEFAULT_DATASET_PATH, "utf8")) as Dataset;
type Loose = Record<string, unknown>;
const loose = (r: Evaluation): Loose => r as unknown as Loose;
const COST_KEYS = ["average_cost", "total_cost", "average_latency"];
const running = (e: Evaluation): boolean => e.status.value === "EVALUATION_STARTED" || e.status.value === "EVALUATION_INITIALIZED";

const EVALUATION_PREDICATES: [string, (e: Evaluation) => boolean][] = [
  ["a null optional", (e) => Object.values(loose(e)).includes(null) || e.status.error === (null as never)],
  [
    "an error Result among the aggregates",
    (e) => e.aggregated_results.some((a) => a.result.type === "error" && typeof a.result.error?.message === "string"),
  ],
  ["a null aggregate value", (e) => e.aggregated_results.some((a) => a.result.type === "number" && a.result.value === null)],
  ["a failed evaluation with status.error", (e) => e.status.value === "EVALUATION_FAILED" && typeof e.status.error?.message === "string"],
  ["a failed aggregation", (e) => e.status.value === "EVALUATION_AGGREGATION_FAILED"],
  ["a finished evaluation with errors", (e) => e.status.value === "EVALUATION_FINISHED_WITH_ERRORS"],
  ["a running evaluation", (e) => e.status.value === "EVALUATION_STARTED"],
  ["a queued evaluation", (e) => e.status.value === "EVALUATION_INITIALIZED"],
  ["running with cost and latency null", (e) => running(e) && COST_KEYS.every((k) => loose(e)[k] === null)],
  ["an error Result as cost", (e) => e.average_cost?.type === "error"],
  ["a {} evaluator config", (e) => e.aggregated_results.some((a) => Object.keys(a.evaluator_config).length === 0)],
  ['a deleted test set ("")', (e) => e.testset_id === "" && e.testset_name === ""],
  ["an empty user_username", (e) => e.user_username === ""],
  ["a variant name falling back to the id", (e) => e.variant_names.some((name, i) => name === e.variant_ids[i])],
];

const HUMAN_PREDICATES: [string, (h: HumanEvaluation) => boolean][] = [
  ["an A/B test", (h) => h.evaluation_type === "human_a_b_testing"],
  ["a single-model test", (h) => h.evaluation_type === "single_model_test"],
  ['a deleted test set ("")', (h) => h.testset_id === "" && h.testset_name === ""],
  ["an empty user_username", (h) => h.user_username === ""],
  ["a variant name falling back to the id", (h) => h.variant_names.some((name, i) => name === h.variant_ids[i])],
  ...["EVALUATION_INITIALIZED", "EVALUATION_STARTED", "EVALUATION_FINISHED", "EVALUATION_FAILED", "COMPARISON_RUN_STARTED"].map(
    (status): [string, (h: HumanEvaluation) => boolean] => [`status ${status}`, (h) => h.status === status],
  ),
];

describe("fixtures/default.json", () => {
  it("is the realistic dataset of the default options (seed 42)", () => {
    expect(dataset).toEqual(generateDataset({ seed: DEFAULT_SEED }));
  });

  it("loads instantly: a few hundred KB at most", () => {
    expect(statSync(DEFAULT_DATASET_PATH).size).toBeLessThan(300_000);
  });

  it("gives the first app about 50 evaluations (the mock server benchmark queries it)", () => {
    const first = dataset.evaluations[0]!.app_id;
    expect(dataset.evaluations.filter((e) => e.app_id === first).length).toBe(50);
  });

  it.each(EVALUATION_PREDICATES)("has an evaluation with %s", (_name, predicate) => {
    expect(dataset.evaluations.some(predicate)).toBe(true);
  });

  it.each(HUMAN_PREDICATES)("has a human evaluation with %s", (_name, predicate) => {
    expect(dataset.human_evaluations.some(predicate)).toBe(true);
  });

  it("has an app with human evaluations but no automatic ones, and the other way round", () => {
    const automatic = new Set(dataset.evaluations.map((e) => e.app_id));
    const human = new Set(dataset.human_evaluations.map((h) => h.app_id));
    expect([...human].some((app) => !automatic.has(app))).toBe(true);
    expect([...automatic].some((app) => !human.has(app))).toBe(true);
  });

  it("places every survival case of the generator (the lists above cover them all)", () => {
    expect(EVALUATION_CASES.length).toBeLessThanOrEqual(EVALUATION_PREDICATES.length);
    expect(HUMAN_EVALUATION_CASES.length).toBeLessThanOrEqual(HUMAN_PREDICATES.length);
  });
});

describe("survival cases hold for any seed at the default size", () => {
  it.each([1, 2, 3, 1234, 987654321, ...Array.from({ length: 30 }, (_, i) => 1000 + i * 37)])("seed %i", (seed) => {
    const d = generateDataset({ seed });
    const missing = [
      ...EVALUATION_PREDICATES.filter(([, p]) => !d.evaluations.some(p)).map(([name]) => name),
      ...HUMAN_PREDICATES.filter(([, p]) => !d.human_evaluations.some(p)).map(([name]) => name),
    ];
    expect(missing).toEqual([]);
  });
});

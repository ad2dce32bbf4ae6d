// The realistic dataset tells one consistent story: rules between fields and between records that
// the schemas cannot express (parallel arrays, per-app pools, statuses and their aggregates, time).
import { describe, expect, it } from "vitest";
import type { Dataset } from "../../src/types/dataset.js";
import { EVALUATOR_KINDS, generateDataset, recordCounts, resolveOptions, type GenerateOptions } from "../../src/generate/index.js";
import type { Evaluation, EvaluatorConfig, HumanEvaluation, Result } from "../../src/types/schemas.js";
import { instantOf } from "./timestamps.js";

const RUNS: GenerateOptions[] = [
  { seed: 42 },
  { seed: 1, apps: 1, evaluations: 80, humanEvaluations: 30 },
  { seed: 2, apps: 2, evaluations: 50, humanEvaluations: 20, timestamps: "later" },
  { seed: 7, apps: 12, evaluations: 2500, humanEvaluations: 800, timestamps: "utc" },
];
const datasets = RUNS.map((options) => [options, generateDataset(options)] as const);
const big = datasets[3]![1];

const HEX24 = /^[0-9a-f]{24}$/;
const RUNNING = new Set(["EVALUATION_INITIALIZED", "EVALUATION_STARTED"]);
const FINISHED = new Set(["EVALUATION_FINISHED", "EVALUATION_FINISHED_WITH_ERRORS"]);
const WINDOW = [Date.UTC(2024, 2, 1), Date.UTC(2024, 8, 1)] as const;
const ms = (t: string): number => instantOf(t)!;
const isConfig = (c: EvaluatorConfig | Record<string, unknown>): c is EvaluatorConfig => "id" in c;
const variantRevisionIds = (r: Evaluation | HumanEvaluation): string[] =>
  "variant_revision_ids" in r ? r.variant_revision_ids : r.variants_revision_ids;
const allRecords = (d: Dataset): (Evaluation | HumanEvaluation)[] => [...d.evaluations, ...d.human_evaluations];

/** Records a problem unless `key` always maps to the same `value` (one meaning per id). */
function oneMeaning(map: Map<string, string>, key: string, value: string, problems: string[]): void {
  const seen = map.get(key);
  if (seen === undefined) map.set(key, value);
  else if (seen !== value) problems.push(`${key} means both ${seen} and ${value}`);
}

describe.each(datasets)("dataset %j", (options, dataset) => {
  it("has unique 24-hex ids, and one meaning per referenced id", () => {
    const ids = allRecords(dataset).map((r) => r.id);
    expect(ids.filter((id) => !HEX24.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const owner = new Map<string, string>();
    const meaning = new Map<string, string>();
    const problems: string[] = [];
    for (const r of allRecords(dataset)) {
      for (const id of [r.app_id, r.user_id, ...r.variant_ids, ...variantRevisionIds(r)])
        if (!HEX24.test(id)) problems.push(`bad id ${id}`);
      r.variant_ids.forEach((variant, i) => {
        oneMeaning(owner, variant, r.app_id, problems); // a variant belongs to one app
        oneMeaning(meaning, variant, r.variant_names[i]!, problems);
        oneMeaning(owner, variantRevisionIds(r)[i]!, variant, problems); // a revision belongs to one variant...
        oneMeaning(meaning, variantRevisionIds(r)[i]!, r.revisions[i]!, problems); // ...and has one number
      });
      oneMeaning(meaning, r.user_id, r.user_username, problems);
      if (r.testset_id) {
        oneMeaning(owner, r.testset_id, r.app_id, problems);
        oneMeaning(meaning, r.testset_id, r.testset_name!, problems);
      }
    }
    for (const e of dataset.evaluations)
      for (const { evaluator_config: c } of e.aggregated_results)
        if (isConfig(c)) {
          if (!HEX24.test(c.id)) problems.push(`bad id ${c.id}`);
          oneMeaning(owner, c.id, e.app_id, problems); // a config belongs to one app, and records reuse it
          oneMeaning(meaning, c.id, JSON.stringify(c), problems);
        }
    expect(problems).toEqual([]);
  });

  it("keeps parallel arrays parallel, with two variants for A/B tests and one for single-model tests", () => {
    for (const r of allRecords(dataset)) {
      const n = r.variant_ids.length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect([r.variant_names.length, variantRevisionIds(r).length, r.revisions.length]).toEqual([n, n, n]);
      expect(r.revisions.every((rev) => /^[1-9][0-9]*$/.test(rev))).toBe(true);
      expect(new Set(r.variant_ids).size).toBe(n);
    }
    for (const h of dataset.human_evaluations) {
      expect(["human_a_b_testing", "single_model_test"]).toContain(h.evaluation_type);
      expect(h.variant_ids.length).toBe(h.evaluation_type === "human_a_b_testing" ? 2 : 1);
    }
  });

  it("names variants <app>.<name>, or by their id once deleted", () => {
    const appName = new Map<string, string>();
    const problems: string[] = [];
    for (const r of allRecords(dataset))
      r.variant_names.forEach((name, i) => {
        if (name === r.variant_ids[i]) return;
        const [app, variant] = name.split(".");
        if (!variant) problems.push(`variant name without a dot: ${name}`);
        oneMeaning(appName, r.app_id, app!, problems); // one app name per app
      });
    expect(problems).toEqual([]);
  });

  it("has created_at <= updated_at, all inside the fixed window", () => {
    for (const r of allRecords(dataset)) {
      expect(ms(r.created_at)).toBeLessThanOrEqual(ms(r.updated_at));
      expect(ms(r.created_at)).toBeGreaterThanOrEqual(WINDOW[0]);
      expect(ms(r.updated_at)).toBeLessThan(WINDOW[1]);
    }
  });

  it("gives statuses their aggregates: results and costs when finished, none while running", () => {
    for (const e of dataset.evaluations) {
      const status = e.status.value as string;
      const costs = [e.average_cost, e.total_cost, e.average_latency];
      expect(e.status.type).toBe("status");
      if (RUNNING.has(status)) {
        expect(e.aggregated_results).toEqual([]);
        expect(costs.every((c) => c === undefined || c === null)).toBe(true);
      } else if (FINISHED.has(status)) {
        expect(e.aggregated_results.length).toBeGreaterThan(0);
        const types = e.aggregated_results.map((a) => a.result.type);
        expect(types.every((t) => t === "number" || t === "error")).toBe(true);
        // A run with failing rows: the evaluator's mean is an error Result (aggregate_float) or null
        // (aggregate_binary, aggregate_ai_critique); a clean run has no error Result.
        const broken = e.aggregated_results.some((a) => a.result.type === "error" || a.result.value === null);
        if (status === "EVALUATION_FINISHED_WITH_ERRORS") expect(broken).toBe(true);
        else expect(types.includes("error")).toBe(false);
        for (const a of e.aggregated_results)
          if (a.result.type === "error") expect(a.result.error?.message).toBeTruthy();
          else expect(a.result.value === null || typeof a.result.value === "number").toBe(true);
        const [average, total, latency] = costs as Result[];
        if (average!.type === "error") expect([total!.type, latency!.type]).toEqual(["error", "error"]);
        else {
          expect([average!.type, total!.type, latency!.type]).toEqual(["cost", "cost", "latency"]);
          expect(total!.value as number).toBeGreaterThanOrEqual(average!.value as number);
          expect(latency!.value as number).toBeGreaterThan(0);
        }
      } else {
        expect(["EVALUATION_FAILED", "EVALUATION_AGGREGATION_FAILED"]).toContain(status);
        expect(e.status.error?.message).toMatch(/Failed/);
        expect(e.status.error?.stacktrace).toMatch(/^Traceback/);
        expect(e.aggregated_results).toEqual([]);
      }
      if (status !== "EVALUATION_FAILED" && status !== "EVALUATION_AGGREGATION_FAILED") expect(e.status.error ?? null).toBeNull();
    }
  });

  it("uses real evaluator keys with fitting settings and values in range", () => {
    const kinds = new Map(EVALUATOR_KINDS.map((k) => [k.key, k]));
    for (const e of dataset.evaluations)
      for (const { evaluator_config: c, result } of e.aggregated_results) {
        if (!isConfig(c)) {
          expect(c).toEqual({});
          continue;
        }
        const kind = kinds.get(c.evaluator_key);
        expect(kind, c.evaluator_key).toBeDefined();
        expect(typeof c.settings_values).toBe("object");
        if (c.evaluator_key === "auto_similarity_match") expect(c.settings_values?.similarity_threshold).toBeTypeOf("number");
        if (c.evaluator_key === "auto_regex_test") expect(c.settings_values?.regex_pattern).toBeTypeOf("string");
        expect(ms(c.created_at)).toBeLessThanOrEqual(ms(c.updated_at));
        if (typeof result.value === "number") {
          const max = kind!.score === "score" ? 10 : kind!.score === "distance" ? 40 : 1;
          expect(result.value).toBeGreaterThanOrEqual(0);
          expect(result.value).toBeLessThanOrEqual(max);
        }
      }
  });

  it("puts the promised number of records in each app, in app order", () => {
    const counts = recordCounts(resolveOptions(options));
    const perApp = (records: { app_id: string }[]): number[] => {
      const order: string[] = [];
      const n = new Map<string, number>();
      for (const r of records) {
        if (!n.has(r.app_id)) order.push(r.app_id);
        n.set(r.app_id, (n.get(r.app_id) ?? 0) + 1);
      }
      return order.map((a) => n.get(a)!);
    };
    expect(perApp(dataset.evaluations)).toEqual(counts.evaluations.filter((c) => c > 0));
    expect(perApp(dataset.human_evaluations)).toEqual(counts.humanEvaluations.filter((c) => c > 0));
  });
});

describe("status proportions (2,500 evaluations, 800 human evaluations)", () => {
  const share = (predicate: (value: string) => boolean, values: string[]): number => values.filter(predicate).length / values.length;
  const statuses = big.evaluations.map((e) => e.status.value as string);
  const human = big.human_evaluations.map((h) => h.status);

  it("are realistic for automatic evaluations", () => {
    expect(share((s) => s === "EVALUATION_FINISHED", statuses)).toBeGreaterThan(0.55);
    expect(share((s) => s === "EVALUATION_FINISHED", statuses)).toBeLessThan(0.85);
    expect(share((s) => s === "EVALUATION_FINISHED_WITH_ERRORS", statuses)).toBeGreaterThan(0.04);
    expect(share((s) => s === "EVALUATION_FAILED", statuses)).toBeGreaterThan(0.03);
    expect(share((s) => s === "EVALUATION_FAILED", statuses)).toBeLessThan(0.15);
    expect(share((s) => RUNNING.has(s), statuses)).toBeGreaterThan(0.01);
    expect(share((s) => RUNNING.has(s), statuses)).toBeLessThan(0.15);
    expect(new Set(statuses).size).toBe(6);
  });

  it("leave running evaluations mostly at the recent end of each app's timeline", () => {
    const byApp = new Map<string, Evaluation[]>();
    for (const e of big.evaluations) {
      const list = byApp.get(e.app_id);
      if (list) list.push(e);
      else byApp.set(e.app_id, [e]);
    }
    let recent = 0;
    let running = 0;
    for (const records of byApp.values())
      records.forEach((e, i) => {
        if (!RUNNING.has(e.status.value as string)) return;
        running++;
        if (i >= records.length * 0.9) recent++;
      });
    expect(recent / running).toBeGreaterThan(0.6);
  });

  it("are realistic for human evaluations", () => {
    expect(share((s) => s === "EVALUATION_FINISHED", human)).toBeGreaterThan(0.4);
    expect(share((s) => s === "EVALUATION_STARTED" || s === "EVALUATION_INITIALIZED", human)).toBeGreaterThan(0.2);
    const types = big.human_evaluations.map((h) => h.evaluation_type);
    expect(share((t) => t === "human_a_b_testing", types)).toBeGreaterThan(0.45);
    expect(share((t) => t === "human_a_b_testing", types)).toBeLessThan(0.75);
  });
});

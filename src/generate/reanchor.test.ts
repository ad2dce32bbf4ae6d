// reanchorDataset: the whole dataset moved to an anchor instant, each timestamp in its own style,
// and queued or running records re-timed to a few minutes before it.
import { describe, expect, it } from "vitest";
import type { Dataset } from "../types/dataset.js";
import type { Evaluation, HumanEvaluation } from "../types/schemas.js";
import { generateDataset } from "./generate-dataset.js";
import { newestTimestampMs, reanchorDataset } from "./reanchor.js";
import { wallClockMs } from "./timestamp.js";

const ANCHOR = Date.parse("2026-11-25T12:00:00Z");
const FINAL = ["EVALUATION_FINISHED", "EVALUATION_FINISHED_WITH_ERRORS", "EVALUATION_FAILED", "EVALUATION_AGGREGATION_FAILED"];
const moving = (status: unknown): boolean => typeof status === "string" && !FINAL.includes(status);
const ms = (text: string): number => wallClockMs(text)!;

describe("reanchorDataset", () => {
  for (const style of ["naive", "utc", "later"] as const) {
    const base = generateDataset({ seed: 3, timestamps: style });
    const moved = reanchorDataset(base, ANCHOR);
    const delta = Math.round((ANCHOR - newestTimestampMs(base)!) / 1000) * 1000;

    it(`moves finished records by one amount, keeping each timestamp's style (${style})`, () => {
      const shape = (t: string): string => t.replace(/\d/g, "9");
      base.evaluations.forEach((e, i) => {
        const m = moved.evaluations[i]!;
        expect(shape(m.created_at)).toBe(shape(e.created_at));
        if (!moving(e.status.value)) {
          expect(ms(m.created_at) - ms(e.created_at)).toBe(delta);
          expect(ms(m.updated_at) - ms(e.updated_at)).toBe(delta);
        }
        e.aggregated_results.forEach((a, j) => {
          const config = a.evaluator_config as { created_at?: string };
          const got = m.aggregated_results[j]!.evaluator_config as { created_at?: string };
          if (config.created_at === undefined) expect(got).toEqual(a.evaluator_config);
          else expect(ms(got.created_at!) - ms(config.created_at)).toBe(delta);
        });
        // Nothing but times changes.
        expect({ ...m, created_at: "", updated_at: "", aggregated_results: [] }).toEqual({
          ...e,
          created_at: "",
          updated_at: "",
          aggregated_results: [],
        });
      });
    });

    it(`re-times queued and running records to 1-15 minutes before the anchor, never after it (${style})`, () => {
      const records: Array<[Evaluation | HumanEvaluation, Evaluation | HumanEvaluation]> = [
        ...base.evaluations.map((e, i) => [e, moved.evaluations[i]!] as [Evaluation, Evaluation]),
        ...base.human_evaluations.map((h, i) => [h, moved.human_evaluations[i]!] as [HumanEvaluation, HumanEvaluation]),
      ];
      let seen = 0;
      for (const [before, after] of records) {
        const status = typeof before.status === "string" ? before.status : before.status.value;
        if (!moving(status)) continue;
        seen++;
        const age = ANCHOR - ms(after.created_at);
        expect(age).toBeGreaterThanOrEqual(60_000 - 500);
        expect(age).toBeLessThanOrEqual(15 * 60_000);
        expect(ms(after.updated_at)).toBeGreaterThanOrEqual(ms(after.created_at));
        expect(ms(after.updated_at)).toBeLessThanOrEqual(ANCHOR);
      }
      expect(seen).toBeGreaterThan(0);
    });
  }

  it("is deterministic and leaves unreadable timestamps and empty data as they are", () => {
    const base = generateDataset({ seed: 5 });
    expect(reanchorDataset(base, ANCHOR)).toEqual(reanchorDataset(base, ANCHOR));
    const empty: Dataset = { evaluations: [], human_evaluations: [] };
    expect(reanchorDataset(empty, ANCHOR)).toBe(empty);
    const odd = { ...base.human_evaluations[0]!, created_at: "yesterday", status: "EVALUATION_FINISHED" };
    const [moved] = reanchorDataset({ evaluations: [], human_evaluations: [odd] }, ANCHOR).human_evaluations;
    expect(moved!.created_at).toBe("yesterday");
    expect(Math.abs(ms(moved!.updated_at) - ANCHOR)).toBeLessThan(1000);
  });

  it("re-times every record in a status that is not final: the old data's COMPARISON_RUN_STARTED too", () => {
    const base = generateDataset({ seed: 3 });
    const old = { ...base.human_evaluations[0]!, status: "COMPARISON_RUN_STARTED" };
    const data: Dataset = { ...base, human_evaluations: [old, ...base.human_evaluations.slice(1)] };
    const moved = reanchorDataset(data, ANCHOR).human_evaluations[0]!;
    const age = ANCHOR - ms(moved.created_at);
    expect(age).toBeGreaterThanOrEqual(60_000);
    expect(age).toBeLessThanOrEqual(15 * 60_000);
    expect(ms(moved.updated_at)).toBeLessThanOrEqual(ANCHOR);
  });
});

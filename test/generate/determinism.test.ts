// Same seed and options, same bytes; another seed, other data. The fast serializer of realistic
// records is byte-identical to JSON.stringify, and the streamed text parses back to the dataset.
import { describe, expect, it } from "vitest";
import {
  generateDataset,
  generateRecords,
  generateSchemaRecords,
  renderFixtures,
  type FixtureRun,
  type GeneratorMode,
  type OutputFormat,
} from "../../src/generate/index.js";
import { evaluationJson, humanEvaluationJson } from "../../src/generate/record-json.js";

const run = (mode: GeneratorMode, format: OutputFormat, seed: number, extra: Partial<FixtureRun> = {}): FixtureRun => ({
  mode,
  format,
  seed,
  evaluations: mode === "schema" ? 15 : 100,
  humanEvaluations: mode === "schema" ? 8 : 40,
  ...extra,
});

describe.each([
  ["realistic", "json"],
  ["realistic", "ndjson"],
  ["schema", "json"],
  ["schema", "ndjson"],
] as const)("%s mode, %s format", (mode, format) => {
  it("gives identical bytes for the same seed", () => {
    expect(renderFixtures(run(mode, format, 7))).toBe(renderFixtures(run(mode, format, 7)));
  });

  it("gives different data for a different seed", () => {
    expect(renderFixtures(run(mode, format, 7))).not.toBe(renderFixtures(run(mode, format, 8)));
  });
});

describe("realistic mode", () => {
  it("does not depend on the clock or the time zone", () => {
    const before = renderFixtures(run("realistic", "json", 3));
    const tz = process.env.TZ;
    process.env.TZ = "Pacific/Kiritimati"; // UTC+14: any local-time use would shift the dates
    try {
      expect(renderFixtures(run("realistic", "json", 3))).toBe(before);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it("keeps an app's records when other sizes change (one random stream per app and kind)", () => {
    const small = generateDataset({ seed: 5, evaluations: 100, humanEvaluations: 40 });
    const more = generateDataset({ seed: 5, evaluations: 100, humanEvaluations: 400 });
    expect(more.evaluations).toEqual(small.evaluations);
  });

  it("serializes every record exactly as JSON.stringify does", () => {
    for (const seed of [1, 2, 3, 42, 99]) {
      for (const timestamps of ["naive", "utc", "later"] as const) {
        for (const item of generateRecords({ seed, evaluations: 300, humanEvaluations: 100, timestamps })) {
          const fast = item.kind === "evaluation" ? evaluationJson(item.record) : humanEvaluationJson(item.record);
          expect(fast).toBe(JSON.stringify(item.record));
        }
      }
    }
  });

  it("streams text that parses back to the in-memory dataset, in both formats", () => {
    const options = { seed: 11, apps: 4, evaluations: 60, humanEvaluations: 25 };
    const dataset = generateDataset(options);
    expect(JSON.parse(renderFixtures({ ...options, mode: "realistic", format: "json" }))).toEqual(dataset);
    const lines = renderFixtures({ ...options, mode: "realistic", format: "ndjson" })
      .trimEnd()
      .split("\n");
    const items = lines.map((line) => JSON.parse(line) as { kind: string; record: unknown });
    expect(items.filter((i) => i.kind === "evaluation").map((i) => i.record)).toEqual(dataset.evaluations);
    expect(items.filter((i) => i.kind === "human_evaluation").map((i) => i.record)).toEqual(dataset.human_evaluations);
    expect(items.every((i) => i.kind === "evaluation" || i.kind === "human_evaluation")).toBe(true);
  });

  it("writes valid JSON for empty datasets", () => {
    for (const [evaluations, humanEvaluations] of [
      [0, 0],
      [3, 0],
      [0, 3],
    ] as const) {
      const dataset = JSON.parse(renderFixtures({ mode: "realistic", format: "json", seed: 1, evaluations, humanEvaluations })) as {
        evaluations: unknown[];
        human_evaluations: unknown[];
      };
      expect([dataset.evaluations.length, dataset.human_evaluations.length]).toEqual([evaluations, humanEvaluations]);
    }
    expect(renderFixtures({ mode: "realistic", format: "ndjson", seed: 1, evaluations: 0, humanEvaluations: 0 })).toBe("");
  });
});

describe("schema mode", () => {
  it("generateSchemaRecords is seeded per call", () => {
    const a = generateSchemaRecords({ seed: 4, schema: "HumanEvaluation", count: 10 });
    expect(generateSchemaRecords({ seed: 4, schema: "HumanEvaluation", count: 10 })).toEqual(a);
    expect(generateSchemaRecords({ seed: 5, schema: "HumanEvaluation", count: 10 })).not.toEqual(a);
  });
});

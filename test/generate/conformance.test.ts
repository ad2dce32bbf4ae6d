// Everything the generator emits passes the conformance checker with no error, over many seeds,
// in both modes; and every timestamp names a real instant (which the checker's pattern cannot see).
import { JSONSchemaFaker } from "json-schema-faker";
import { describe, expect, it } from "vitest";
import { checkResource } from "../../src/check/check-resource.js";
import type { Finding } from "../../src/check/finding.js";
import { generateDataset, generateSchemaRecords } from "../../src/generate/index.js";
import { RESOURCE_NAMES } from "../../src/schemas/catalog.js";
import { instantOf, timestampsIn } from "./timestamps.js";

const errorsOf = (findings: Finding[]): string[] =>
  findings.filter((f) => f.severity === "error").map((f) => `${f.path} ${f.rule}: ${f.message}`);
const SEEDS = Array.from({ length: 25 }, (_, i) => i * 7919 + 1);

describe("realistic mode conforms", () => {
  it.each(SEEDS)("seed %i: no checker errors, real instants only", (seed) => {
    const timestamps = (["naive", "utc", "later"] as const)[seed % 3]!;
    const dataset = generateDataset({ seed, apps: 1 + (seed % 6), evaluations: 120, humanEvaluations: 40, timestamps });
    const errors = [
      ...dataset.evaluations.flatMap((r) => errorsOf(checkResource("Evaluation", r))),
      ...dataset.human_evaluations.flatMap((r) => errorsOf(checkResource("HumanEvaluation", r))),
    ];
    expect(errors).toEqual([]);
    const bad = timestampsIn(dataset).filter((t) => instantOf(t) === undefined);
    expect(bad).toEqual([]);
  });

  it("only warns where the real service itself would (null optionals, timestamp habits)", () => {
    const dataset = generateDataset({ seed: 1 });
    const rules = new Set(
      [
        ...dataset.evaluations.flatMap((r) => checkResource("Evaluation", r)),
        ...dataset.human_evaluations.flatMap((r) => checkResource("HumanEvaluation", r)),
      ].map((f) => f.rule),
    );
    expect([...rules].sort()).toEqual(["naive-timestamp", "null-optional"]);
  });
});

describe("schema mode conforms", () => {
  it.each(SEEDS.slice(0, 12))("seed %i: no checker errors in any resource, real instants only", (seed) => {
    for (const schema of RESOURCE_NAMES) {
      const records = generateSchemaRecords({ seed, schema, count: schema === "Evaluation" ? 12 : 6 });
      expect(records.flatMap((r) => errorsOf(checkResource(schema, r)))).toEqual([]);
      expect(timestampsIn(records).filter((t) => instantOf(t) === undefined)).toEqual([]);
      // Only JSON values: what is in memory is what a file holds.
      expect(JSON.parse(JSON.stringify(records))).toEqual(records);
    }
  });

  it("covers the unusual-but-valid cases clients must survive", () => {
    const records = generateSchemaRecords({ seed: 3, schema: "Evaluation", count: 150 }) as Record<string, unknown>[];
    const all = JSON.stringify(records);
    const strings: string[] = [];
    const numbers: number[] = [];
    const collect = (v: unknown): void => {
      if (typeof v === "string") strings.push(v);
      else if (typeof v === "number") numbers.push(v);
      else if (Array.isArray(v)) v.forEach(collect);
      else if (typeof v === "object" && v !== null) Object.values(v).forEach(collect);
    };
    collect(records);
    const configs = records.flatMap((r) =>
      (r.aggregated_results as { evaluator_config: Record<string, unknown> }[]).map((a) => a.evaluator_config),
    );
    expect(records.some((r) => (r.variant_ids as unknown[]).length === 0)).toBe(true); // empty arrays
    expect(records.some((r) => !("testset_id" in r))).toBe(true); // optional absent
    expect(records.some((r) => r.average_cost === null)).toBe(true); // optional null
    expect(configs.some((c) => Object.keys(c).length === 0)).toBe(true); // the anyOf's {} branch
    expect(configs.some((c) => "evaluator_key" in c)).toBe(true); // the EvaluatorConfig branch
    expect(strings.some((s) => s.length >= 500)).toBe(true); // long strings
    expect(strings.some((s) => /[\u0590-\u06ff]/.test(s)) && strings.some((s) => /\p{Extended_Pictographic}/u.test(s))).toBe(true); // RTL, emoji
    expect(strings.includes("")).toBe(true);
    expect(numbers.some((n) => Math.abs(n) >= 1e300) && numbers.includes(Number.MIN_VALUE)).toBe(true); // extreme numbers
    expect(all).not.toContain('"description"'); // json-schema-faker's schema-as-value bug is gone
  });

  it("leaves json-schema-faker's global options as it found them", () => {
    // The typings only declare the setter forms of option(); the getter is option(name).
    const option = JSONSchemaFaker.option as unknown as (name: string) => unknown;
    const random = (): number => 0.25;
    JSONSchemaFaker.option({ random, maxItems: 2 });
    try {
      generateSchemaRecords({ seed: 1, schema: "Result", count: 3 });
      expect(option("random")).toBe(random);
      expect(option("maxItems")).toBe(2);
      expect(option("optionalsProbability")).toBe(JSONSchemaFaker.option.getDefaults().optionalsProbability);
    } finally {
      JSONSchemaFaker.option(JSONSchemaFaker.option.getDefaults());
    }
    expect(option("random")).toBe(Math.random);
  });

  it("is not swayed by options another user of json-schema-faker set globally", () => {
    const clean = generateSchemaRecords({ seed: 9, schema: "Evaluation", count: 5 });
    JSONSchemaFaker.option({ alwaysFakeOptionals: true, maxItems: 1, random: () => 0.5 });
    try {
      expect(generateSchemaRecords({ seed: 9, schema: "Evaluation", count: 5 })).toEqual(clean);
    } finally {
      JSONSchemaFaker.option(JSONSchemaFaker.option.getDefaults());
    }
  });
});

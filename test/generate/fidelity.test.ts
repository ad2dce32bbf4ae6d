// Fidelity to the real service: realistic records are exactly what it serializes (its pydantic
// models parse each one and FastAPI writes it back byte-identical: reference/roundtrip.py on
// Debian's FastAPI 0.92 + pydantic 1.10), aggregates stay in their evaluator's range, and
// schema-mode records are ones the service could send (its models accept them) with ids the mock
// can serve.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EVALUATOR_KINDS, generateDataset } from "../../src/generate/index.js";
import { generateSchemaDatasetRecords } from "../../src/generate/schema-records.js";
import { startMockServer } from "../../src/mock/index.js";
import { getSchema } from "../../src/schemas/catalog.js";
import type { Dataset } from "../../src/types/dataset.js";
import type { Evaluation, EvaluatorConfig, HumanEvaluation } from "../../src/types/schemas.js";
import { SKIP_REFERENCE } from "../helpers/reference.js";

const ROOT = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "evals-fidelity-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RoundTrip {
  code: number;
  report: { checked: number; rejected_count: number; changed_count: number; rejected: unknown[]; changed: unknown[] };
}

/** reference/roundtrip.py on a dataset: the service's models parse every record and FastAPI writes it back. */
function roundTrip(dataset: Dataset, name: string): Promise<RoundTrip> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(dataset));
  return new Promise((resolve, reject) => {
    execFile(
      "/usr/bin/python3",
      ["reference/roundtrip.py", file],
      { cwd: ROOT, timeout: 120_000, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        if (code !== 0 && code !== 1)
          return reject(new Error(`roundtrip.py failed (${code}): ${stderr} (scripts/ensure-test-deps.sh installs FastAPI)`));
        resolve({ code, report: JSON.parse(stdout) as RoundTrip["report"] });
      },
    );
  });
}

const schemaDataset = (seed: number, evaluations: number, humanEvaluations: number): Dataset => {
  const dataset: Dataset = { evaluations: [], human_evaluations: [] };
  for (const item of generateSchemaDatasetRecords({ seed, evaluations, humanEvaluations }))
    if (item.kind === "evaluation") dataset.evaluations.push(item.record as Evaluation);
    else dataset.human_evaluations.push(item.record as HumanEvaluation);
  return dataset;
};

const propertyOrder = (name: "Evaluation" | "HumanEvaluation"): string[] => Object.keys(getSchema(name).properties as object);

describe("realistic records are exactly what the service serializes", () => {
  it.skipIf(SKIP_REFERENCE).each([42, 7, 1234])(
    "seed %i: the service's models read every record and write it back byte for byte",
    async (seed) => {
      const dataset = generateDataset({ seed, apps: 6, evaluations: 800, humanEvaluations: 200 });
      const { code, report } = await roundTrip(dataset, `realistic-${seed}`);
      expect({ rejected: report.rejected, changed: report.changed }).toEqual({ rejected: [], changed: [] });
      expect([code, report.checked]).toEqual([0, 1000]);
    },
  );

  it("writes every field of the model in its order, optional ones as null rather than left out", () => {
    const dataset = generateDataset({ seed: 3 });
    for (const e of dataset.evaluations) expect(Object.keys(e)).toEqual(propertyOrder("Evaluation"));
    for (const h of dataset.human_evaluations) expect(Object.keys(h)).toEqual(propertyOrder("HumanEvaluation"));
    for (const e of dataset.evaluations) {
      for (const result of [e.status, e.average_cost, e.total_cost, e.average_latency, ...e.aggregated_results.map((a) => a.result)])
        if (result !== null && result !== undefined) expect(Object.keys(result)).toEqual(["type", "value", "error"]);
      for (const a of e.aggregated_results)
        if (Object.keys(a.evaluator_config).length > 0)
          expect(Object.keys(a.evaluator_config)).toEqual(["id", "name", "evaluator_key", "settings_values", "created_at", "updated_at"]);
    }
  });

  it('gives an automatic evaluation one variant and a test set as strings ("" once deleted), as the service\'s converter does', () => {
    const dataset = generateDataset({ seed: 11, evaluations: 2000, apps: 8 });
    for (const e of dataset.evaluations) {
      expect([e.variant_ids.length, e.variant_names.length, e.variant_revision_ids.length, e.revisions.length]).toEqual([1, 1, 1, 1]);
      expect(typeof e.testset_id).toBe("string");
      expect(typeof e.testset_name).toBe("string");
      expect(e.testset_id === "").toBe(e.testset_name === "");
    }
  });

  it("keeps each aggregate in its evaluator's range, and each error text with the code that writes it", () => {
    const dataset = generateDataset({ seed: 5, evaluations: 4000, apps: 40 });
    const ranges: Record<string, [number, number]> = {};
    for (const kind of EVALUATOR_KINDS)
      ranges[kind.key] = kind.score === "score" ? [0, 10] : kind.score === "distance" ? [0, Infinity] : [0, 1];
    let levenshteinWithThreshold = 0;
    for (const e of dataset.evaluations) {
      for (const { evaluator_config, result } of e.aggregated_results) {
        const config = evaluator_config as Partial<EvaluatorConfig>;
        if (result.type === "error") {
          expect(result.error).toMatchObject({ message: "Failed" });
          expect(result.error?.stacktrace).toMatch(
            /in aggregate_float\n.*\nTypeError: unsupported operand type\(s\) for \+: '(int|float|bool)' and 'NoneType'\n$/,
          );
          // aggregate_binary and aggregate_ai_critique answer null instead of an error.
          expect(["auto_regex_test", "auto_ai_critique"]).not.toContain(config.evaluator_key);
          continue;
        }
        if (result.value === null || config.evaluator_key === undefined) continue;
        let [low, high] = ranges[config.evaluator_key]!;
        if (config.evaluator_key === "auto_levenshtein_distance" && typeof config.settings_values?.threshold === "number") {
          [low, high] = [0, 1]; // each row is `distance <= threshold`: the mean is a ratio
          levenshteinWithThreshold++;
        }
        expect(result.value as number, `${config.evaluator_key} ${JSON.stringify(config.settings_values)}`).toBeGreaterThanOrEqual(low);
        expect(result.value as number, `${config.evaluator_key} ${JSON.stringify(config.settings_values)}`).toBeLessThanOrEqual(high);
      }
      for (const [field, message] of [
        ["average_cost", "No valid values found for cost aggregation."],
        ["total_cost", "No valid values found for cost sum aggregation."],
        ["average_latency", "No valid values found for latency aggregation."],
      ] as const) {
        const result = e[field];
        if (result?.type === "error") expect(result.error?.message).toBe(message);
      }
    }
    expect(levenshteinWithThreshold).toBeGreaterThan(0);
  });
});

describe("schema mode: valid, unusual, and still something the service could send", () => {
  it.skipIf(SKIP_REFERENCE).each([1, 2, 3])("seed %i: the service's models accept every record", async (seed) => {
    const { report } = await roundTrip(schemaDataset(seed, 300, 150), `schema-${seed}`);
    expect(report.rejected).toEqual([]);
    expect(report.checked).toBe(450);
  });

  it.each([1, 2, 3])("seed %i: ids are unique per kind and every human evaluation is served by id through the mock", async (seed) => {
    const dataset = schemaDataset(seed, 200, 120);
    for (const list of [dataset.evaluations, dataset.human_evaluations]) expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
    const mock = await startMockServer({ data: dataset, port: 0 });
    try {
      for (const record of dataset.human_evaluations) {
        const response = await fetch(`${mock.url}/human-evaluations/${encodeURIComponent(record.id)}`);
        expect(response.status, `id of ${record.id.length} characters: ${JSON.stringify(record.id.slice(0, 40))}`).toBe(200);
        expect(await response.json()).toEqual(record);
      }
    } finally {
      await mock.close();
    }
  });
});

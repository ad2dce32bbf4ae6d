// Built records are exactly what the real service serializes: every case, alone and combined, over
// many seeds, parsed by the service's own pydantic models and written back as FastAPI does
// (reference/roundtrip.py on Debian's FastAPI 0.92 + pydantic 1.10), byte for byte.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import {
  buildDataset,
  buildEvaluation,
  buildHumanEvaluation,
  EVALUATION_CASE_IDS,
  HUMAN_EVALUATION_CASE_IDS,
} from "../../src/build/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { PYTHON, SKIP_REFERENCE } from "../helpers/reference.js";

const ROOT = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "evals-build-fidelity-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  checked: number;
  rejected: unknown[];
  changed: unknown[];
}

function roundTrip(dataset: Dataset): Promise<Report> {
  const file = join(dir, "built.json");
  writeFileSync(file, JSON.stringify(dataset));
  return new Promise((resolve, reject) => {
    execFile(PYTHON, ["reference/roundtrip.py", file], { cwd: ROOT, timeout: 120_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      if (code !== 0 && code !== 1) reject(new Error(`roundtrip.py failed (${code}): ${stderr}`));
      else resolve(JSON.parse(stdout) as Report);
    });
  });
}

it.skipIf(SKIP_REFERENCE)(
  "every case, alone and combined, over 20 seeds: the service's models read each record and write it back byte for byte",
  async () => {
    const evaluations = [];
    const human_evaluations = [];
    for (let seed = 1; seed <= 20; seed++) {
      for (const id of EVALUATION_CASE_IDS) evaluations.push(buildEvaluation({}, { case: id, seed: seed * 100 + evaluations.length }));
      evaluations.push(
        buildEvaluation(
          {},
          {
            case: [
              "evaluation-error-result",
              "evaluation-null-aggregate",
              "evaluation-deleted-evaluator-config",
              "evaluation-cost-error",
              "evaluation-deleted-variant",
            ],
          },
        ),
      );
      for (const id of HUMAN_EVALUATION_CASE_IDS)
        human_evaluations.push(buildHumanEvaluation({}, { case: id, seed: seed * 100 + human_evaluations.length }));
      human_evaluations.push(
        buildHumanEvaluation(
          { app_id: "65e48be31b48af5e4a2d9bf1" },
          { case: ["human-single-model", "human-unfinished", "human-testset-deleted"] },
        ),
      );
    }
    const report = await roundTrip(buildDataset({ evaluations, human_evaluations }));
    expect({ rejected: report.rejected, changed: report.changed }).toEqual({ rejected: [], changed: [] });
    expect(report.checked).toBe(evaluations.length + human_evaluations.length);
  },
);

// The validate benchmark's measurement (limits.bench.ts): `validate` of 20,000 varied realistic
// records (four seeds' evaluations) as a user runs it, a whole process with its output to a file,
// against the plain script (plain-ajv.mjs: JSON.parse + Ajv compiled from schemas/), in
// alternating rounds; the figures are medians, the ratio is the median of the rounds' ratios.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateDataset } from "../../src/generate/index.js";
import { timeProcess } from "./process.js";
import { alternate } from "./rounds.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ValidateRatio {
  /** Median whole-process time of `validate FILE --schema Evaluation`. */
  toolkitMs: number;
  /** Median whole-process time of the plain script on the same file. */
  plainMs: number;
  /** How many times slower the toolkit is: the median of the rounds' toolkit/plain. */
  ratio: number;
  /** Each round's toolkit/plain, in the order run. */
  rounds: number[];
}

/** Writes the input into `dir` and measures `cli` (dist/cli/main.js) against the plain script, `rounds` rounds. */
export async function benchValidateRatio(dir: string, cli: string, rounds: number): Promise<ValidateRatio> {
  const records = [1, 2, 3, 4].flatMap((seed) => generateDataset({ seed, apps: 8, evaluations: 5000, humanEvaluations: 0 }).evaluations);
  const file = join(dir, "validate-input.json");
  writeFileSync(file, JSON.stringify(records));
  const plain = join(ROOT, "bench/lib/plain-ajv.mjs");
  const schemas = join(ROOT, "schemas");
  const out = join(dir, "validate-out.txt");
  const r = await alternate(
    rounds,
    async (which) => {
      const run =
        which === "anchor"
          ? await timeProcess(process.execPath, [plain, schemas, file], out)
          : await timeProcess(process.execPath, [cli, "validate", file, "--schema", "Evaluation"], out);
      if (run.exitCode !== 0) throw new Error(`${which === "anchor" ? "plain Ajv script" : "validate"} exited ${run.exitCode}, expected 0`);
      return run.ms;
    },
    { lowerIsBetter: true },
  );
  return { toolkitMs: r.medianSubject, plainMs: r.medianAnchor, ratio: 1 / r.medianRatio, rounds: r.rounds.map((x) => 1 / x.ratio) };
}

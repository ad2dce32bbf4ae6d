// Issue 34's validate figures, as a user meets them: whole processes of the built CLI (dist/,
// `npm run build` first), wall time and peak RSS (GNU time's %M), output to a file. The inputs are
// written by the repo's generator, streamed to disk (writeFixtures, as `fixtures --out` writes them).
//   validate-ndjson  1,000,000 realistic records (95% evaluations) as the fixtures' NDJSON, about
//                    1.4 GB, against the plain loop (bench/lib/plain-ajv-ndjson.mjs: readline +
//                    JSON.parse + an Ajv standalone validator from schemas/) printing each error as
//                    plain-ajv.mjs does, and the same loop only counting them (the stricter anchor);
//                    alternating rounds, the ratio per round, the median reported.
//                    Targets: >= 0.8x the plain loop's rate; peak RSS < 200 MB.
//   validate-600mb   a realistic JSON dataset of about 600 MB (past the 512 MB a string holds: read
//                    record by record), once. Targets: completes; peak RSS < 400 MB.
// Select: `npm run bench -- scale validate-ndjson`. BENCH_SCALE_RECORDS (default 1,000,000),
// BENCH_SCALE_MB (default 600), BENCH_ROUNDS (default 3), BENCH_SCALE_DIR (default a temp dir; needs
// about 2.2 GB free). The machine's load average is printed before and after each figure.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFixtures, type FixtureRun } from "../src/generate/index.js";
import { timeProcess, type ProcessRun } from "./lib/process.js";
import { fmt, median } from "./lib/rounds.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(ROOT, "dist/cli/main.js");
const PLAIN = join(ROOT, "bench/lib/plain-ajv-ndjson.mjs");
const SCHEMAS = join(ROOT, "schemas");
const RECORDS = Number(process.env.BENCH_SCALE_RECORDS ?? 1_000_000);
const DATASET_MB = Number(process.env.BENCH_SCALE_MB ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PARTS = ["validate-ndjson", "validate-600mb"] as const;

/** Realistic records per MB of the JSON dataset (about 1.25 KB a record): a first guess, the file's size is what is reported. */
const RECORDS_PER_MB = 800;

const verdict = (ok: boolean): string => (ok ? "ok" : "MISSED");
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const mb = (bytes: number): string => `${fmt(bytes / 1e6)} MB`;

/** Writes a realistic fixtures run to `file` as the CLI does, streamed; its size in bytes. */
async function generate(file: string, run: FixtureRun): Promise<number> {
  const started = performance.now();
  const out = createWriteStream(file);
  await writeFixtures(run, out);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const bytes = statSync(file).size;
  console.log(`  generated ${file}: ${mb(bytes)} in ${fmt((performance.now() - started) / 1000, 1)} s`);
  return bytes;
}

function expectExit(run: ProcessRun, code: number, what: string): ProcessRun {
  if (run.exitCode !== code) throw new Error(`${what} exited ${run.exitCode}, expected ${code}`);
  return run;
}

async function benchNdjson(dir: string): Promise<void> {
  const file = join(dir, "records.ndjson");
  const out = join(dir, "out.txt");
  const human = Math.round(RECORDS * 0.05);
  const bytes = await generate(file, {
    mode: "realistic",
    format: "ndjson",
    seed: 34,
    apps: 8,
    evaluations: RECORDS - human,
    humanEvaluations: human,
  });
  console.log(`  load before: ${load()}`);
  const measure = {
    toolkit: () => timeProcess(process.execPath, [CLI, "validate", file], out).then((r) => expectExit(r, 0, "validate")),
    print: () => timeProcess(process.execPath, [PLAIN, SCHEMAS, file], out).then((r) => expectExit(r, 0, "the plain loop")),
    count: () =>
      timeProcess(process.execPath, [PLAIN, SCHEMAS, file, "--count"], out).then((r) => expectExit(r, 0, "the plain loop (--count)")),
  };
  type Which = keyof typeof measure;
  const runs: Record<Which, ProcessRun[]> = { toolkit: [], print: [], count: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating: the anchors first, then the toolkit first, so a burst of load elsewhere hits both alike.
    const order: Which[] = round % 2 === 0 ? ["print", "count", "toolkit"] : ["toolkit", "count", "print"];
    for (const which of order) runs[which].push(await measure[which]());
    const [t, p, c] = (["toolkit", "print", "count"] as const).map((w) => runs[w][round]!);
    console.log(
      `  round ${round + 1}: toolkit ${fmt(t!.ms / 1000, 1)} s (${fmt(t!.maxRssMb)} MB), plain loop ${fmt(p!.ms / 1000, 1)} s, counting ${fmt(c!.ms / 1000, 1)} s; load ${load()}`,
    );
  }
  const rate = (r: ProcessRun): number => RECORDS / (r.ms / 1000);
  const ratios = (anchor: Which): number[] => runs.toolkit.map((t, i) => runs[anchor][i]!.ms / t.ms);
  const [printRatio, countRatio] = [median(ratios("print")), median(ratios("count"))];
  const toolkitRate = median(runs.toolkit.map(rate));
  const peak = Math.max(...runs.toolkit.map((r) => r.maxRssMb));
  const show = (xs: number[]): string => xs.map((x) => x.toFixed(2)).join(" ");
  console.log(
    `validate-ndjson: ${fmt(RECORDS)} realistic records, NDJSON, ${mb(bytes)}, whole process, output to a file: toolkit ${fmt(toolkitRate)} records/s, ` +
      `plain loop ${fmt(median(runs.print.map(rate)))}/s: ${printRatio.toFixed(2)}x its rate (rounds ${show(ratios("print"))}; target >= 0.8x) ${verdict(printRatio >= 0.8)}; ` +
      `counting loop ${fmt(median(runs.count.map(rate)))}/s: ${countRatio.toFixed(2)}x (rounds ${show(ratios("count"))}); ` +
      `peak RSS ${fmt(peak)} MB (target < 200 MB) ${verdict(peak < 200)}`,
  );
  console.log(`  load after: ${load()}`);
  rmSync(file, { force: true });
  rmSync(out, { force: true });
}

async function bench600mb(dir: string): Promise<void> {
  const file = join(dir, "dataset.json");
  const out = join(dir, "out.txt");
  const records = DATASET_MB * RECORDS_PER_MB;
  const human = Math.round(records * 0.1);
  const bytes = await generate(file, {
    mode: "realistic",
    format: "json",
    seed: 600,
    apps: 8,
    evaluations: records - human,
    humanEvaluations: human,
  });
  console.log(`  load before: ${load()}`);
  const run = expectExit(await timeProcess(process.execPath, [CLI, "validate", file], out), 0, "validate");
  console.log(
    `validate-600mb: a realistic JSON dataset of ${mb(bytes)} (${fmt(records)} records), whole process: ${fmt(run.ms / 1000, 1)} s ` +
      `(${fmt(bytes / 1e6 / (run.ms / 1000))} MB/s), exit 0 (target: completes) ${verdict(true)}; peak RSS ${fmt(run.maxRssMb)} MB (target < 400 MB) ${verdict(run.maxRssMb < 400)}`,
  );
  // What reading it whole meets past 512 MB: the longest string V8 can make.
  const whole = spawnSync(process.execPath, ["-e", "JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'))", file], {
    encoding: "utf8",
  });
  const why = whole.status === 0 ? "parsed" : (/\w*Error: .*/.exec(whole.stderr)?.[0] ?? `exit ${whole.status}`);
  console.log(`  the same file read whole (readFileSync + JSON.parse): ${why}`);
  console.log(`  load after: ${load()}`);
  rmSync(file, { force: true });
  rmSync(out, { force: true });
}

export async function run(args: readonly string[] = []): Promise<void> {
  const unknown = args.filter((a) => !(PARTS as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`scale: unknown part ${unknown.join(", ")} (known: ${PARTS.join(", ")})`);
  const parts = args.length === 0 ? PARTS : PARTS.filter((p) => args.includes(p));
  const dir = mkdtempSync(join(process.env.BENCH_SCALE_DIR ?? tmpdir(), "evals-bench-scale-"));
  try {
    if (parts.includes("validate-ndjson")) await benchNdjson(dir);
    if (parts.includes("validate-600mb")) await bench600mb(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

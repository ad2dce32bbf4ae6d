// Wall time of a full `verify` run against a local provider (the mock server, under /api, on a
// generated realistic dataset): the default size, and a large app whose every human evaluation is
// fetched by id. With and without the Pact step. Target: under 10 s. Last, issue 34's figure: the
// peak RSS of `verify` (the built CLI, a whole process) of an app with 20,000 evaluations, a 26 MB
// list, against its target of 200 MB (bench/lib/verify-large.ts; BENCH_VERIFY_LARGE_ROUNDS, default 2).
import { performance } from "node:perf_hooks";
import { generateDataset } from "../src/generate/generate-dataset.js";
import type { Dataset } from "../src/types/dataset.js";
import { startMockServer } from "../src/mock/index.js";
import { verifyProvider } from "../src/verify/index.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchVerifyLarge, LARGE_EVALUATIONS, type VerifyLargeFigures } from "./lib/verify-large.js";

const CLI = new URL("../dist/cli/main.js", import.meta.url).pathname;

const firstApp = (data: Dataset): string => data.evaluations[0]?.app_id ?? data.human_evaluations[0]!.app_id;

async function measure(size: string, data: Dataset, pact: boolean, runs: number): Promise<void> {
  const mock = await startMockServer({ port: 0, data, basePath: "/api" });
  try {
    const appId = firstApp(data);
    const evaluations = data.evaluations.filter((e) => e.app_id === appId).length;
    const humanEvaluations = data.human_evaluations.filter((h) => h.app_id === appId).length;
    const times: number[] = [];
    let summary = "";
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const report = await verifyProvider({ baseUrl: mock.url, appId, pact });
      times.push(performance.now() - start);
      summary = `${report.requests} requests, ${report.counts.checks} checks, ${report.passed ? "pass" : "FAIL"}`;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const label = `${size} (${evaluations} + ${humanEvaluations} records), ${pact ? "with Pact" : "no Pact"}`;
    console.log(
      `${label.padEnd(48)} median ${(median / 1000).toFixed(3)} s (min ${(times[0]! / 1000).toFixed(3)} s, ${runs} runs; ${summary})`,
    );
  } finally {
    await mock.close();
  }
}

export async function run(): Promise<void> {
  const small = generateDataset({ seed: 1 });
  const large = generateDataset({ seed: 1, apps: 2, evaluations: 2000, humanEvaluations: 2000 });
  await measure("default size", small, false, 5);
  await measure("large app", large, false, 3);
  await measure("default size", small, true, 3);
  await measure("large app", large, true, 3);

  const dir = mkdtempSync(join(tmpdir(), "evals-bench-verify-"));
  try {
    const figures = await benchVerifyLarge(dir, CLI, Number(process.env.BENCH_VERIFY_LARGE_ROUNDS ?? 2));
    for (const line of formatVerifyMemory(figures)) console.log(line);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Issue 34's target: the peak RSS of either process of a run (the CLI, or its Pact verifier child). */
const PEAK_RSS_TARGET_MB = 200;

function formatVerifyMemory(f: VerifyLargeFigures): string[] {
  const line = (label: string, ms: number, mb: number): string =>
    `verify of an app with ${LARGE_EVALUATIONS.toLocaleString("en-US")} evaluations (26 MB list), ${label}: ${(ms / 1000).toFixed(2)} s, ` +
    `peak RSS ${mb.toFixed(0)} MB; target < ${PEAK_RSS_TARGET_MB} MB: ${mb < PEAK_RSS_TARGET_MB ? "PASS" : "FAIL"}`;
  return [line("with Pact", f.withPactMs, f.withPactRssMb), line("--no-pact", f.noPactMs, f.noPactRssMb)];
}

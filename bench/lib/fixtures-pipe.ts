// `evals-contract fixtures` writing NDJSON into a pipe, as `... | wc -c` meets it: the whole process
// (start-up included) under GNU time for its peak RSS, its stdout a pipe that this process reads
// and counts, so the CLI sees a real reader's pace and backpressure (not /dev/null's).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./rounds.js";

interface PipeRun {
  ms: number;
  bytes: number;
  maxRssMb: number;
}

function runIntoPipe(cli: string, count: number): Promise<PipeRun> {
  const dir = mkdtempSync(join(tmpdir(), "evals-bench-pipe-"));
  const report = join(dir, "time.txt");
  const args = ["fixtures", "--seed", "1", "--evaluations", String(count), "--human-evaluations", "0", "--format", "ndjson"];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "%M", "-o", report, process.execPath, cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let bytes = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (bytes += chunk.length));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (exitCode) => {
      const ms = performance.now() - started;
      const kb = Number(readFileSync(report, "utf8").trim().split("\n").pop());
      rmSync(dir, { recursive: true, force: true });
      if (exitCode !== 0) return reject(new Error(`fixtures exited with ${String(exitCode)}: ${stderr}`));
      if (bytes === 0) return reject(new Error("fixtures wrote nothing"));
      resolve({ ms, bytes, maxRssMb: kb / 1024 });
    });
  });
}

/**
 * Runs the CLI at `cli` (dist/cli/main.js) `rounds` times, each writing `count` realistic
 * evaluations as NDJSON into a pipe read here. `perSecond` is the median of the rounds'
 * evaluations per second (wall time of the whole process), `runs` each round's figure in order,
 * `peakRssMb` the highest peak RSS of any round.
 */
export async function benchFixturesPipe(
  cli: string,
  count: number,
  rounds: number,
): Promise<{ perSecond: number; runs: number[]; peakRssMb: number }> {
  const runs: number[] = [];
  let peakRssMb = 0;
  let expectedBytes: number | undefined;
  for (let i = 0; i < rounds; i++) {
    const run = await runIntoPipe(cli, count);
    // The same seed gives the same bytes: a different count means a broken run, not a slow one.
    expectedBytes ??= run.bytes;
    if (run.bytes !== expectedBytes) throw new Error(`round ${i + 1} wrote ${run.bytes} bytes, the first ${expectedBytes}`);
    runs.push(count / (run.ms / 1000));
    peakRssMb = Math.max(peakRssMb, run.maxRssMb);
  }
  return { perSecond: median(runs), runs, peakRssMb };
}

// Whole-process runs for the benchmarks: wall time and peak RSS of a command (GNU time's %M), with
// its stdout sent where a user's would go (a file or /dev/null), never buffered in this process.
import { spawn } from "node:child_process";
import { openSync, closeSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ProcessRun {
  ms: number;
  maxRssMb: number;
  exitCode: number;
}

/** Runs `command` with `args` under /usr/bin/time; stdout to `stdoutPath` (default /dev/null). */
export function timeProcess(command: string, args: readonly string[], stdoutPath = "/dev/null"): Promise<ProcessRun> {
  const dir = mkdtempSync(join(tmpdir(), "evals-bench-time-"));
  const report = join(dir, "time.txt");
  const out = openSync(stdoutPath, "w");
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "%M", "-o", report, command, ...args], { stdio: ["ignore", out, "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (exitCode) => {
      const ms = performance.now() - started;
      closeSync(out);
      const kb = Number(readFileSync(report, "utf8").trim().split("\n").pop());
      rmSync(dir, { recursive: true, force: true });
      if (exitCode === null) return reject(new Error(`${command} was killed: ${stderr}`));
      resolve({ ms, maxRssMb: kb / 1024, exitCode });
    });
  });
}

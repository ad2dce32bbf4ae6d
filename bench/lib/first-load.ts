// The mock's first load of a large data file against its anchor (issue 34): `mock --data FILE` from
// the start of its process until it says it listens, against a plain node process that parses the
// same file and checks every record (plain-dataset-check.mjs) from its start to its exit. Both are
// whole processes of the same node, in alternating rounds; the ratio is the median of the rounds'.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { timeProcess } from "./process.js";
import { alternate } from "./rounds.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface FirstLoadFigures {
  /** Median time from spawning `mock --data FILE` to its "Mock Evaluation Listing Service on" line. */
  firstLoadMs: number;
  /** Median whole-process time of the plain parse and check of the same file. */
  anchorMs: number;
  /** How many times the anchor's time the first load takes: the median of the rounds' first load/anchor. */
  ratio: number;
  /** Each round's first load/anchor, in the order run. */
  rounds: number[];
}

/** Spawns `cli mock --data file --port 0` and resolves with the ms until it listens; the mock is stopped then. */
export function timeFirstLoad(cli: string, file: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, "mock", "--data", file, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`mock exited with ${code} before it listened`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!line.startsWith("Mock Evaluation Listing Service on ")) return;
      const ms = performance.now() - started;
      child.removeAllListeners("exit");
      child.once("exit", () => resolve(ms));
      child.kill();
    });
  });
}

export async function benchFirstLoad(cli: string, file: string, rounds: number): Promise<FirstLoadFigures> {
  const plain = join(ROOT, "bench/lib/plain-dataset-check.mjs");
  const validators = join(ROOT, "dist/check/precompiled/errors.js");
  const r = await alternate(
    rounds,
    async (which) => {
      if (which === "subject") return timeFirstLoad(cli, file);
      const run = await timeProcess(process.execPath, [plain, validators, file]);
      if (run.exitCode !== 0) throw new Error(`the plain parse and check exited ${run.exitCode}, expected 0`);
      return run.ms;
    },
    { lowerIsBetter: true },
  );
  return { firstLoadMs: r.medianSubject, anchorMs: r.medianAnchor, ratio: 1 / r.medianRatio, rounds: r.rounds.map((x) => 1 / x.ratio) };
}

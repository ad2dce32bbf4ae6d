// `verify` of an app with 20,000 evaluations (a list of about 26 MB), with and without Pact, as a
// user meets it: whole processes of the built CLI against the CLI's own mock on that data, the
// median wall time of `rounds` runs each (alternating, the machine is noisy) and the peak RSS of the
// largest process of each run (GNU time's %M: the CLI or its Pact verifier child). Issue 26.
import { freePort } from "./free-port.js";
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateDataset } from "../../src/generate/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { timeProcess, type ProcessRun } from "./process.js";

export interface VerifyLargeFigures {
  withPactMs: number;
  withPactRssMb: number;
  noPactMs: number;
  noPactRssMb: number;
}

export const LARGE_EVALUATIONS = 20_000;

async function startMock(cli: string, file: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [cli, "mock", "--data", file, "--port", String(port)], { stdio: ["ignore", "ignore", "inherit"] });
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/evaluations`);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50)); // bench set-up, not a measurement
    }
  }
  child.kill();
  throw new Error("the mock did not start");
}

const stop = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Writes the data into `dir`, starts `cli`'s mock on it and times `verify` with and without Pact, `rounds` runs each. */
export async function benchVerifyLarge(dir: string, cli: string, rounds: number): Promise<VerifyLargeFigures> {
  const data: Dataset = generateDataset({ seed: 9, apps: 1, evaluations: LARGE_EVALUATIONS, humanEvaluations: 40 });
  const file = join(dir, `verify-large-${LARGE_EVALUATIONS}.json`);
  writeFileSync(file, JSON.stringify(data));
  const appId = data.evaluations[0]!.app_id;
  const port = await freePort();
  const mock = await startMock(cli, file, port);
  try {
    const args = (pact: boolean) => [
      cli,
      "verify",
      "--base-url",
      `http://127.0.0.1:${port}`,
      "--app-id",
      appId,
      ...(pact ? [] : ["--no-pact"]),
    ];
    const run = async (pact: boolean): Promise<ProcessRun> => {
      const result = await timeProcess(process.execPath, args(pact));
      if (result.exitCode !== 0) throw new Error(`verify${pact ? "" : " --no-pact"} exited ${result.exitCode}, expected 0`);
      return result;
    };
    const withPact: ProcessRun[] = [];
    const noPact: ProcessRun[] = [];
    for (let i = 0; i < Math.max(1, rounds); i++) {
      // Alternating order, so a slow second of the machine does not always fall on the same side.
      if (i % 2 === 0) {
        withPact.push(await run(true));
        noPact.push(await run(false));
      } else {
        noPact.push(await run(false));
        withPact.push(await run(true));
      }
    }
    return {
      withPactMs: median(withPact.map((r) => r.ms)),
      withPactRssMb: Math.max(...withPact.map((r) => r.maxRssMb)),
      noPactMs: median(noPact.map((r) => r.ms)),
      noPactRssMb: Math.max(...noPact.map((r) => r.maxRssMb)),
    };
  } finally {
    await stop(mock);
  }
}

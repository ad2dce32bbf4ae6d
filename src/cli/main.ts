#!/usr/bin/env node
// Entry point of the `evals-contract` binary: the only place that touches process exit state.
import { runCli } from "./run.js";

const waitForInterrupt = (): Promise<void> =>
  new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, waitForInterrupt });

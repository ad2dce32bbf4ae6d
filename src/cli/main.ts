#!/usr/bin/env node
// Entry point of the `evals-contract` binary: the only place that touches process exit state.
import { waitForSignal } from "./io.js";
import { runCli } from "./run.js";

// A reader that goes away (`evals-contract verify ... | head`) is not a failure: stop quietly, as
// Unix tools do, instead of dying on an unhandled EPIPE.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, waitForInterrupt: waitForSignal });

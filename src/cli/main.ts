#!/usr/bin/env node
// Entry point of the `evals-contract` binary: the only place that touches process exit state.
import { waitForSignal, writeLine } from "./io.js";
import { runCli } from "./run.js";

/** Commands that keep running (servers): a closed stdout only stops their log, never the server. */
const SERVING = new Set(["mock", "prism"]);
const command = process.argv[2] ?? "";

// A reader that goes away (`evals-contract verify ... | head`) is not a failure: a one-shot command
// stops quietly with 0, as Unix tools do; a server goes on serving and stops logging (writeLine
// drops lines to a destroyed stream). Any other write failure (`> /dev/full`: ENOSPC) is one line
// on stderr and exit 2, not a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") {
    if (!SERVING.has(command)) process.exit(0);
    return;
  }
  writeLine(process.stderr, `evals-contract ${command}: cannot write to stdout: ${error.code ?? error.message}`);
  process.exit(2);
});
// stderr gone too: nothing left to tell; do not crash on it.
process.stderr.on("error", () => {});

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, waitForInterrupt: waitForSignal });

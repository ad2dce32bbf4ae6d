#!/usr/bin/env node
// Entry point of the `evals-contract` binary: the only place that touches process exit state.
import { waitForSignal } from "./io.js";
import { runCli } from "./run.js";

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, waitForInterrupt: waitForSignal });

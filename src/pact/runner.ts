// Runs Pact's Verifier in a child process. Pact's native core prints its report and logs straight
// to file descriptor 1/2 (Rust println!, not through Node streams), which cannot be silenced in
// process; a child with piped stdio keeps the caller's output clean (and a native crash away from
// it). The verifier's result comes back over IPC as the JSON text pact-core returns.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveOptionalPeer } from "../optional-peers.js";

/** JSON-serialisable options of pact-js's `Verifier` (state handling is by URL, not by function). */
export type VerifierRunOptions = Record<string, unknown>;

export interface VerifierRunReply {
  /** true: `text` is the verifier's JSON result of a passing run; false: the message it rejected with. */
  ok: boolean;
  text: string;
}

export interface VerifierRunOutcome {
  /** Absent when the child died before answering. */
  reply?: VerifierRunReply;
  exitCode: number | null;
  /** What the child wrote to stdout and stderr (Pact's report and logs), up to 1 MB. */
  output: string;
}

/**
 * The child's entry: the compiled verifier-child.js beside this module (dist/), or, when running
 * from the TypeScript sources (tests, scripts), verifier-child.ts under the same tsx loader.
 */
function childEntry(): { path: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL("./verifier-child.js", import.meta.url));
  if (existsSync(compiled)) return { path: compiled, execArgv: [] };
  return { path: fileURLToPath(new URL("./verifier-child.ts", import.meta.url)), execArgv: ["--import", "tsx"] };
}

const MAX_OUTPUT_CHARS = 1_000_000;

export interface RunVerifierOptions {
  /** Copy the child's output to this process's stderr as it comes (verbose log levels). */
  echo: boolean;
  timeoutMs: number;
  /** Removes secrets (broker token, password) from the echoed and the collected output. */
  redact?: (text: string) => string;
  /** Where echoed output goes (default this process's stderr). */
  echoTo?: NodeJS.WritableStream;
}

/**
 * pact-js's verifier module alone loads in about half the time of the whole package (which also
 * loads the consumer DSL); the package's main module, which exports the same `Verifier`, is the
 * fallback should a later pact-js move it.
 */
const PACT_WHY = "the Pact step of verify needs it; or pass --no-pact";

export function verifierModulePath(): string {
  const main = resolveOptionalPeer("@pact-foundation/pact", "@pact-foundation/pact", PACT_WHY);
  const verifierOnly = join(dirname(main), "dsl", "verifier", "index.js");
  return existsSync(verifierOnly) ? verifierOnly : main;
}

export function runVerifierIsolated(verifierOptions: VerifierRunOptions, options: RunVerifierOptions): Promise<VerifierRunOutcome> {
  const pactModule = verifierModulePath();
  // Pact sends anonymous usage metrics to a third party unless told not to; a CI tool should not.
  const env = { ...process.env, PACT_DO_NOT_TRACK: process.env["PACT_DO_NOT_TRACK"] ?? "true" };
  const entry = childEntry();
  const child = spawn(process.execPath, [...entry.execArgv, entry.path, pactModule], { stdio: ["ignore", "pipe", "pipe", "ipc"], env });
  let output = "";
  const redact = options.redact ?? ((text: string) => text);
  const echoTo = options.echoTo ?? process.stderr;
  // Whole lines only: a secret split across two chunks would escape the redaction.
  const pending = { stdout: "", stderr: "" };
  const collect = (from: "stdout" | "stderr") => (chunk: Buffer) => {
    const text = pending[from] + chunk.toString("utf8");
    // A line that never ends is passed on in pieces past 64 KiB rather than held without bound.
    const end = text.length > 65_536 ? text.length : text.lastIndexOf("\n") + 1;
    pending[from] = text.slice(end);
    emit(text.slice(0, end));
  };
  const emit = (text: string): void => {
    if (text === "") return;
    const clean = redact(text);
    if (options.echo) echoTo.write(clean);
    if (output.length < MAX_OUTPUT_CHARS) output += clean;
  };
  child.stdout?.on("data", collect("stdout"));
  child.stderr?.on("data", collect("stderr"));

  return new Promise((resolve) => {
    let reply: VerifierRunReply | undefined;
    const timer = setTimeout(() => {
      output += `\n(the Pact verifier took longer than ${options.timeoutMs} ms and was stopped)`;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.on("message", (message) => {
      const answer = message as VerifierRunReply;
      reply = { ...answer, text: redact(answer.text) };
    });
    child.on("error", (error) => {
      output += `\n${error.message}`;
    });
    child.on("close", (exitCode) => {
      clearTimeout(timer);
      emit(pending.stdout + pending.stderr);
      resolve({ ...(reply === undefined ? {} : { reply }), exitCode, output });
    });
    child.send(verifierOptions);
  });
}

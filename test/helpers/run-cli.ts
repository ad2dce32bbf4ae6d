// Runs the CLI in-process with captured output, for CLI tests.
import { PassThrough } from "node:stream";
import { runCli } from "../../src/cli/run.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const capture = (): { stream: PassThrough; text: () => string } => {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
};

export async function runCliCaptured(argv: string[]): Promise<CliResult> {
  const out = capture();
  const err = capture();
  const code = await runCli(argv, { stdout: out.stream, stderr: err.stream });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** A long-running command (a server) started in-process, with Ctrl-C simulated by `interrupt`. */
export interface CliSession {
  /** Resolves with the exit code. */
  done: Promise<number>;
  stdout: () => string;
  stderr: () => string;
  /** Simulates Ctrl-C. */
  interrupt: () => void;
  /** Waits until stdout matches; rejects if the command exits first. */
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
}

export function startCliSession(argv: string[]): CliSession {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  const waiters: (() => void)[] = [];
  out.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    waiters.forEach((w) => w());
  });
  err.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  let interrupt = (): void => {};
  const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
  const done = runCli(argv, { stdout: out, stderr: err, waitForInterrupt: () => interrupted });
  const waitFor = (pattern: RegExp): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const match = pattern.exec(stdout);
        if (match) resolve(match);
      };
      waiters.push(check);
      check();
      void done.then((code) => setImmediate(() => reject(new Error(`exited ${code} before ${pattern}: ${stderr}`))));
    });
  return { done, stdout: () => stdout, stderr: () => stderr, interrupt, waitFor };
}

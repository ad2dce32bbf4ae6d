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

// `validate -` reads standard input as a file is read, and `--strict` folds its errors as warnings fold.
import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { EVALUATION_EXAMPLES } from "../../src/contract/examples.js";

async function validateStdin(input: Uint8Array | string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (c: Buffer) => (stdout += c.toString()));
  err.on("data", (c: Buffer) => (stderr += c.toString()));
  const stdin = (async function* () {
    yield typeof input === "string" ? Buffer.from(input) : input;
  })();
  const code = await runCli(["validate", "-", ...args], { stdout: out, stderr: err, stdin });
  return { code, stdout, stderr };
}

describe("validate - (standard input) gets a file's checks", () => {
  it.each<[string, Uint8Array | string, number, RegExp]>([
    ["a leading BOM is dropped", `\uFEFF${JSON.stringify(EVALUATION_EXAMPLES)}`, 0, /standard input \(2 Evaluation records\) conforms/],
    [
      "invalid UTF-8 is refused with its offset",
      Buffer.concat([Buffer.from('[{"name":"'), Buffer.from([0xff]), Buffer.from('"}]')]),
      2,
      /standard input is not valid UTF-8: malformed byte 0xff at byte offset 10/,
    ],
    ["100,000 levels is a verdict, not a stack overflow", `${"[".repeat(100_000)}${"]".repeat(100_000)}`, 1, /more than 1,000 levels deep/],
    ["not JSON", "{", 2, /standard input is not valid JSON/],
  ])("%s", async (_name, input, code, pattern) => {
    const result = await validateStdin(input, "--schema", "Evaluation");
    expect(result.code).toBe(code);
    expect(result.stdout + result.stderr).toMatch(pattern);
    expect(result.stderr).not.toMatch(/\n.*\n/);
  });
});

describe("validate --strict folds repeated errors", () => {
  it("gives as few lines for 50 records as the lenient run, and --all lists each", async () => {
    const data = JSON.parse(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8")) as {
      evaluations: unknown[];
    };
    const records = JSON.stringify(data.evaluations.slice(0, 50));
    const lenient = await validateStdin(records, "--schema", "Evaluation");
    const strict = await validateStdin(records, "--schema", "Evaluation", "--strict");
    const all = await validateStdin(records, "--schema", "Evaluation", "--strict", "--all");
    const lines = (text: string): number => text.trim().split("\n").length;
    expect(strict.code).toBe(1);
    expect(lines(strict.stdout)).toBe(lines(lenient.stdout));
    expect(strict.stdout).toMatch(/^error .* times, at .*; --all lists each\)$/m);
    expect(lines(all.stdout)).toBeGreaterThan(lines(strict.stdout) * 5);
  });
});

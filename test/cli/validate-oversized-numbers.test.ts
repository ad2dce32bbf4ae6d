// `evals-contract validate` shows a number too large for a double (`1e400`, which JSON.parse makes
// Infinity and JSON.stringify writes as null) as it was written, in every output form.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.js";
import { EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import { runCliCaptured } from "../helpers/run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-oversized-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An array of one Evaluation whose `key` is written as `raw`. */
const evaluationsText = (key: string, raw: string): string =>
  `[${JSON.stringify({ ...EVALUATION_EXAMPLES[0], [key]: "@@" }).replace('"@@"', raw)}]`;
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("validate: numbers too large for a double", () => {
  it.each([
    ["1e400", "must be string, got 1e400"],
    ["-1e400", "must be string, got -1e400"],
  ])("an Evaluation whose id is %s: the message shows it as sent, not null", async (raw, message) => {
    const path = file(`id-${raw}.json`, evaluationsText("id", raw));
    for (const extra of [[], ["--all"]]) {
      const result = await runCliCaptured(["validate", path, "--schema", "Evaluation", ...extra]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`$[0].id  type: ${message}`);
      expect(result.stdout).not.toMatch(/null\b(?!-optional)/);
    }
    const json = await runCliCaptured(["validate", path, "--schema", "Evaluation", "--json", "-"]);
    const report = JSON.parse(json.stdout) as { findings: Array<{ path: string; message: string }> };
    expect(report.findings).toContainEqual({ check: "conformance", severity: "error", path: "$[0].id", rule: "type", message });
  });

  it("a value shown whole (an anyOf's) holds the numbers as sent, in a dataset too", async () => {
    const text = `{"evaluations":[],"human_evaluations":[],"x":1}`;
    const path = file("loc.json", `{"detail":[{"loc":["query",1e400,[-2E+999]],"msg":"m","type":"t"}]}`);
    const result = await runCliCaptured(["validate", path, "--schema", "HTTPValidationError", "--all"]);
    expect(result.stdout).toContain("$.detail[0].loc[1]  any-of: must be string or integer, got number 1e400");
    expect(result.stdout).toContain("$.detail[0].loc[2]  any-of: must be string or integer, got array [-2E+999]");
    const dataset = file("dataset.json", text.replace('"evaluations":[]', `"evaluations":${evaluationsText("app_id", "1e400")}`));
    const checked = await runCliCaptured(["validate", dataset]);
    expect(checked.stdout).toContain("$.evaluations[0].app_id  type: must be string, got 1e400");
  });

  it("standard input: the same", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    const stdin = Readable.from([Buffer.from(evaluationsText("user_id", "1e400"))]);
    const code = await runCli(["validate", "-", "--schema", "Evaluation"], { stdout: out, stderr: new PassThrough(), stdin });
    expect(code).toBe(1);
    expect(Buffer.concat(chunks).toString("utf8")).toContain("$[0].user_id  type: must be string, got 1e400");
  });
});

// `evals-contract validate`: exit codes, output forms and one-line errors.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import { runCliCaptured } from "../helpers/run-cli.js";

let dir: string;
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-validate-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("evals-contract validate", () => {
  it("exits 0 and says so when the file conforms", async () => {
    const result = await runCliCaptured(["validate", file("ok.json", EVALUATION_EXAMPLES), "--schema", "Evaluation"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\(2 Evaluation records\) conforms: 0 errors, 0 warnings/);
  });

  it("exits 0 with warnings, and 1 with --strict", async () => {
    const withNull = [{ ...EVALUATION_EXAMPLES[0], average_cost: null }];
    const path = file("null.json", withNull);
    const lenient = await runCliCaptured(["validate", path, "--schema", "Evaluation"]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/warning +\$\[0\]\.average_cost +null-optional: /);
    const strict = await runCliCaptured(["validate", path, "--schema", "Evaluation", "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/error +\$\[0\]\.average_cost +null-optional: /);
  });

  it("exits 1 and names path and rule when the file breaks the contract", async () => {
    const broken = { ...EVALUATION_EXAMPLES[0], status: "EVALUATION_FINISHED" };
    const result = await runCliCaptured(["validate", file("broken.json", broken), "--schema", "Evaluation"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("error   $.status  type: must be object, got string");
    expect(result.stdout).toMatch(/does not conform: 1 error, 0 warnings/);
  });

  it("writes the report as JSON with --json FILE (- is stdout, the text report then on stderr)", async () => {
    const broken = { ...EVALUATION_EXAMPLES[0], extra: 1 };
    const result = await runCliCaptured(["validate", file("extra.json", broken), "--schema", "Evaluation", "--json", "-"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      tool: "validate",
      verdict: "pass",
      properties: { schema: "Evaluation", records: "1 Evaluation" },
      counts: { errors: 0, warnings: 1 },
    });
    expect(report.findings).toEqual([
      {
        check: "conformance",
        severity: "warning",
        path: "$.extra",
        rule: "unknown-property",
        message: 'property "extra" is not listed by the contract for Evaluation',
      },
    ]);
    expect(result.stderr).toMatch(/extra\.json \(1 Evaluation\) conforms: 0 errors, 1 warning\n$/);
  });

  it("never writes a report over the file it validates", async () => {
    const path = file("self.json", EVALUATION_EXAMPLES);
    const result = await runCliCaptured(["validate", path, "--schema", "Evaluation", "--json", path]);
    expect(result.code).toBe(2);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(EVALUATION_EXAMPLES);
  });

  it.each([
    ["a missing file", (): string[] => ["validate", join(dir, "nope.json"), "--schema", "Evaluation"], /file not found: .*nope\.json/],
    ["malformed JSON", (): string[] => ["validate", file("bad.json", "[{"), "--schema", "Evaluation"], /bad\.json is not valid JSON/],
    ["an unknown schema", (): string[] => ["validate", file("x.json", []), "--schema", "Evaluations"], /unknown schema "Evaluations"/],
    ["no --schema", (): string[] => ["validate", file("y.json", [])], /--schema is required/],
    ["no file", (): string[] => ["validate", "--schema", "Evaluation"], /expected exactly one file/],
    [
      "an unknown option",
      (): string[] => ["validate", file("z.json", []), "--schema", "Evaluation", "--fast"],
      /unknown option --fast. Usage: evals-contract validate/,
    ],
  ])("exits 2 with one line for %s", async (_name, argv, message) => {
    const result = await runCliCaptured(argv());
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it("has --help", async () => {
    const result = await runCliCaptured(["validate", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: evals-contract validate <file|-> [--schema <Name>]");
  });

  it("detects a dataset file, or takes --schema Dataset, and checks both lists", async () => {
    const human = { ...HUMAN_EVALUATION_EXAMPLES[0]!, id: 7 };
    const path = file("dataset.json", { evaluations: EVALUATION_EXAMPLES, human_evaluations: [human] });
    for (const args of [[path], [path, "--schema", "Dataset"]]) {
      const result = await runCliCaptured(["validate", ...args]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^error +\$\.human_evaluations\[0\]\.id +type: must be string/m);
      expect(result.stdout).toMatch(/\(2 Evaluation records, 1 HumanEvaluation record\) does not conform: 1 error, 0 warnings/);
    }
    const notDataset = await runCliCaptured(["validate", file("obj.json", { evaluations: [] })]);
    expect([notDataset.code, notDataset.stderr]).toEqual([2, expect.stringMatching(/--schema is required unless the file is a dataset/)]);
  });

  it("folds repeated warnings into one line with the count and first paths; --all prints each", async () => {
    const records = Array.from({ length: 5 }, (_, i) => ({ ...EVALUATION_EXAMPLES[0]!, id: `${i}`.padStart(24, "a"), average_cost: null }));
    const path = file("repeats.json", records);
    const folded = await runCliCaptured(["validate", path, "--schema", "Evaluation"]);
    const lines = folded.stdout.trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        /^warning \$\[0\]\.average_cost +null-optional: .* \(5 times, at \$\[0\]\.average_cost, \$\[1\]\.average_cost, \$\[2\]\.average_cost, \.\.\.; --all lists each\)$/,
      ),
      expect.stringMatching(/conforms: 0 errors, 5 warnings$/),
    ]);
    const all = await runCliCaptured(["validate", path, "--schema", "Evaluation", "--all"]);
    expect(all.stdout.trim().split("\n")).toHaveLength(6);
  });

  it("runs as a real process with the documented exit codes and no stack trace", () => {
    const main = new URL("../../src/cli/main.ts", import.meta.url).pathname;
    const run = (...args: string[]): ReturnType<typeof spawnSync> =>
      spawnSync(process.execPath, ["--import", "tsx", main, ...args], { encoding: "utf8", timeout: 20_000 });
    const missing = run("validate", join(dir, "missing.json"), "--schema", "Evaluation");
    expect(missing.status).toBe(2);
    expect(String(missing.stderr).trim()).toBe(`evals-contract validate: file not found: ${join(dir, "missing.json")}`);
    const ok = run("validate", file("proc.json", EVALUATION_EXAMPLES), "--schema", "Evaluation");
    expect(ok.status).toBe(0);
  });
});

describe("a reader that goes away", () => {
  it("ends the process quietly, without an EPIPE stack trace", async () => {
    const many = file(
      "many.json",
      Array.from({ length: 30_000 }, () => ({ x: 1 })),
    );
    const main = new URL("../../src/cli/main.ts", import.meta.url).pathname;
    const child = spawn(process.execPath, ["--import", "tsx", main, "validate", many, "--schema", "Error"]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).not.toMatch(/EPIPE|Error:|\bat /);
    expect(code === 0 || code === 1).toBe(true);
  });
});

describe("evals-contract (top level)", () => {
  it("lists the commands with --help", async () => {
    const result = await runCliCaptured(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/validate +check a JSON file/);
  });

  it("prints the usage on stderr and exits 2 without a command", async () => {
    const result = await runCliCaptured([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^Usage: evals-contract <command>/);
  });

  it("prints the package version", async () => {
    const result = await runCliCaptured(["--version"]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("rejects an unknown command with one line and exit 2", async () => {
    const result = await runCliCaptured(["valdate"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^evals-contract: unknown command "valdate"/);
  });
});

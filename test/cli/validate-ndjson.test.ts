// `evals-contract validate` at scale (issue 34): NDJSON from a file or standard input, findings that
// name their line, every format `fixtures` writes read back, a document past 64 MiB checked record by
// record with the output it gets in memory, and a result or one line for any size.
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync, ftruncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAM_ABOVE } from "../../src/check/index.js";
import { runCli } from "../../src/cli/run.js";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import { GENERATOR_MODES, OUTPUT_FORMATS } from "../../src/generate/index.js";
import { runCliCaptured, type CliResult } from "../helpers/run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "evals-contract-validate-ndjson-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const ndjson = (values: readonly unknown[]): string => `${values.map((v) => JSON.stringify(v)).join("\n")}\n`;

async function validateStdin(input: string, ...args: string[]): Promise<CliResult> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (c: Buffer) => (stdout += c.toString()));
  err.on("data", (c: Buffer) => (stderr += c.toString()));
  // Pieces of 100 bytes: lines arrive cut anywhere.
  const bytes = Buffer.from(input);
  const pieces = Array.from({ length: Math.ceil(bytes.length / 100) }, (_, i) => bytes.subarray(i * 100, i * 100 + 100));
  const code = await runCli(["validate", "-", ...args], { stdout: out, stderr: err, stdin: Readable.from(pieces) });
  return { code, stdout, stderr };
}

describe("validate reads every format fixtures writes", () => {
  it.each(OUTPUT_FORMATS.flatMap((format) => GENERATOR_MODES.map((mode) => [format, mode] as const)))(
    "--format %s, --mode %s: read back with no error, every record counted",
    async (format, mode) => {
      const out = join(dir, `fixtures-${mode}.${format}`);
      const written = await runCliCaptured([
        "fixtures",
        "--mode",
        mode,
        "--format",
        format,
        "--evaluations",
        "30",
        "--human-evaluations",
        "12",
        "--out",
        out,
      ]);
      expect(written.code).toBe(0);
      for (const args of [[out], [out, "--format", format]]) {
        const result = await runCliCaptured(["validate", ...args]);
        expect([result.code, result.stderr]).toEqual([0, ""]);
        expect(result.stdout).toMatch(/\(30 Evaluation records, 12 HumanEvaluation records\) conforms: 0 errors, [\d,]+ warnings\n$/);
      }
      const piped = await validateStdin(readFileSync(out, "utf8"));
      expect(piped.code).toBe(0);
      expect(piped.stdout).toMatch(/^standard input \(30 Evaluation records, 12 HumanEvaluation records\) conforms/m);
    },
    30_000,
  );
});

describe("validate of NDJSON", () => {
  const broken = { ...EVALUATION_EXAMPLES[0], status: "EVALUATION_FINISHED" };
  const lines = [
    ndjson([EVALUATION_EXAMPLES[0], HUMAN_EVALUATION_EXAMPLES[0]]),
    "this is not JSON\n",
    "\n",
    ndjson([{ kind: "evaluation", record: broken }, broken]),
  ].join("");

  it("names each finding's line, reads on past a line that is not JSON, and exits 1", async () => {
    for (const result of [await runCliCaptured(["validate", file("mixed.ndjson", lines)]), await validateStdin(lines)]) {
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^error +line 3: \$ +json-syntax: not JSON: /m);
      expect(result.stdout).toMatch(
        /^error +line 5: \$\.status +type: must be object, got string \(2 times, at line 5: \$\.status, line 6: \$\.status; --all lists each\)$/m,
      );
      expect(result.stdout).toMatch(/\(3 Evaluation records, 1 HumanEvaluation record\) does not conform: 3 errors, 0 warnings\n$/);
    }
  });

  it("takes --schema for every line, and --format ndjson for a single line", async () => {
    const one = file("one.ndjson", ndjson([EVALUATION_EXAMPLES[0]]));
    const detected = await runCliCaptured(["validate", one]);
    expect([detected.code, detected.stderr]).toEqual([2, expect.stringMatching(/--schema is required unless/)]);
    const forced = await runCliCaptured(["validate", one, "--format", "ndjson"]);
    expect([forced.code, forced.stdout]).toEqual([0, expect.stringMatching(/\(1 Evaluation record\) conforms/)]);
    const named = await runCliCaptured(["validate", file("humans.ndjson", lines), "--schema", "HumanEvaluation"]);
    expect(named.stdout).toMatch(/^error +line 1: \$\.evaluation_type +required: /m);
    const bad = await runCliCaptured(["validate", one, "--format", "yaml"]);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/--format must be one of json, ndjson, got "yaml"/)]);
  });

  it("accepts a BOM, CRLF line ends and blank lines", async () => {
    const text = `\uFEFF${ndjson(EVALUATION_EXAMPLES).replaceAll("\n", "\r\n")}\r\n\r\n`;
    const result = await runCliCaptured(["validate", file("crlf.ndjson", text)]);
    expect([result.code, result.stdout]).toEqual([0, expect.stringMatching(/\(2 Evaluation records\) conforms: 0 errors, 0 warnings\n$/)]);
  });

  it("writes its findings to --json, --junit and --html, and --all lists each", async () => {
    const path = file("report.ndjson", lines);
    const [junit, html] = [join(dir, "report.xml"), join(dir, "report.html")];
    const result = await runCliCaptured(["validate", path, "--json", "-", "--junit", junit, "--html", html]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      verdict: string;
      properties: Record<string, string>;
      findings: Array<Record<string, string>>;
    };
    expect(report.verdict).toBe("fail");
    expect(report.properties).toMatchObject({ schema: "Dataset", records: "3 Evaluation records, 1 HumanEvaluation record" });
    expect(report.findings.map((f) => `${f.path} ${f.rule}`)).toEqual([
      "line 3: $ json-syntax",
      "line 5: $.status type",
      "line 6: $.status type",
    ]);
    expect(readFileSync(junit, "utf8")).toContain("line 6: $.status");
    expect(readFileSync(html, "utf8")).toContain("line 6: $.status");
    const all = await runCliCaptured(["validate", path, "--all"]);
    expect(all.stdout.trim().split("\n")).toHaveLength(4);
  });
});

describe("validate of a document past 64 MiB", () => {
  it("checks it record by record, with the output the same document gets in memory", async () => {
    const data = JSON.parse(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8")) as Record<string, unknown[]>;
    const dataset = {
      evaluations: [...data.evaluations!, { ...EVALUATION_EXAMPLES[0], id: 1 }],
      human_evaluations: [...data.human_evaluations!, HUMAN_EVALUATION_EXAMPLES[0], HUMAN_EVALUATION_EXAMPLES[0]],
    };
    const text = JSON.stringify(dataset, null, 1);
    // The same document padded past the threshold with whitespace between its lists.
    const padding = " ".repeat(STREAM_ABOVE + 1);
    const [small, large] = [join(dir, "small"), join(dir, "large")] as const;
    mkdirSync(small);
    mkdirSync(large);
    writeFileSync(join(small, "data.json"), text);
    writeFileSync(join(large, "data.json"), text.replace('"human_evaluations"', `${padding}"human_evaluations"`));
    for (const extra of [[], ["--all"], ["--json", "-"]]) {
      const [inMemory, streamed] = await Promise.all(
        [small, large].map((d) => runCliCaptured(["validate", join(d, "data.json"), ...extra])),
      );
      expect(inMemory!.code).toBe(1);
      expect(streamed!.stdout.replaceAll(large, small)).toBe(inMemory!.stdout);
      expect(streamed!.stderr.replaceAll(large, small)).toBe(inMemory!.stderr);
    }
  }, 60_000);

  it("gives a file past the 512 MB a string can hold a one-line error or a result, never an internal failure", async () => {
    // Sparse files: 600 MB of zero bytes after `[` (not JSON), and one 600 MB line of them (NDJSON).
    const sparse = (name: string, head: string): string => {
      const path = join(dir, name);
      const fd = openSync(path, "w");
      writeSync(fd, head);
      ftruncateSync(fd, 600 * 1024 * 1024);
      closeSync(fd);
      return path;
    };
    const document = await runCliCaptured(["validate", sparse("zeros.json", "["), "--schema", "Evaluation"]);
    expect(document.code).toBe(2);
    expect(document.stderr).toMatch(
      /^evals-contract validate: .*zeros\.json is not valid JSON: unexpected byte 0x00 where a value should be at line 1, column 2\n$/,
    );
    const lines = await runCliCaptured(["validate", sparse("zeros.ndjson", '{"a": 1}\n'), "--format", "ndjson", "--schema", "Evaluation"]);
    expect(lines.code).toBe(1);
    expect(lines.stdout).toMatch(/^error +line 2: \$ +record-size: longer than 67,108,864 bytes: not read$/m);
    for (const result of [document, lines]) expect(result.stderr).not.toMatch(/unexpected failure|Cannot create a string/);
  }, 60_000);
});

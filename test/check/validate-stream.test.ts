// validate's library on bytes (src/check/validate-stream.ts): a JSON document checked record by
// record (past `streamAbove`, here lowered to 0) gives exactly what the same document gives in
// memory; NDJSON lines give a document's findings with their line; every fault is one named error.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createValidateStream, type ValidateStreamOptions } from "../../src/check/index.js";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import { isToolkitError } from "../../src/errors.js";
import { brokenEvaluation, conformingEvaluation } from "./broken-records.js";

const DEFAULT = JSON.parse(readFileSync(new URL("../../fixtures/default.json", import.meta.url), "utf8")) as {
  evaluations: Array<Record<string, unknown>>;
  human_evaluations: Array<Record<string, unknown>>;
};

/** Runs the library on `text` written in pieces of `size` bytes: its result, or the named error it threw. */
function run(text: string | Uint8Array, options: ValidateStreamOptions, size = 4096): unknown {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  try {
    const session = createValidateStream("data.json", options);
    for (let at = 0; at < bytes.length; at += size) session.write(bytes.subarray(at, at + size));
    return session.end();
  } catch (error) {
    if (isToolkitError(error)) return { code: error.code, message: error.message };
    throw error;
  }
}

const human = HUMAN_EVALUATION_EXAMPLES[0]!;
const dataset = {
  evaluations: [...DEFAULT.evaluations.slice(0, 80), brokenEvaluation(1), conformingEvaluation(), 7, brokenEvaluation(2)],
  extra: { ignored: [1, 2, 3] },
  human_evaluations: [...DEFAULT.human_evaluations.slice(0, 5), { ...human, id: 7 }, human, human, "x"],
};
const records = [...DEFAULT.evaluations.slice(0, 70), brokenEvaluation(3), null, [], conformingEvaluation()];
const oversized = `[${JSON.stringify({ ...EVALUATION_EXAMPLES[0], id: "@" }).replace('"@"', "1e400")}, {"app_id": -1E+999}]`;

// [name, text, schema]: each document is checked in memory and record by record.
const DOCUMENTS: Array<[string, string, ValidateStreamOptions["schema"]]> = [
  ["a dataset (detected)", JSON.stringify(dataset, null, 2), undefined],
  ["a dataset (named)", JSON.stringify(dataset), "Dataset"],
  ["an array of records", JSON.stringify(records), "Evaluation"],
  ["one record", JSON.stringify(brokenEvaluation(4)), "Evaluation"],
  ["a scalar", "12", "Evaluation"],
  ["numbers too large for a double", oversized, "Evaluation"],
  ["numbers too large for a double, as records", "[1e400, -1E+999, 2]", "Evaluation"],
  ["a number too large for a double, alone", "1e400", "Evaluation"],
  ["numbers too large for a double, in a dataset", `{"evaluations": ${oversized}, "human_evaluations": []}`, undefined],
  ["a dataset's wrong lists", '{"evaluations": 3, "human_evaluations": [{"id": 1}]}', "Dataset"],
  ["a dataset's missing list", '{"human_evaluations": []}', "Dataset"],
  ["an array as a dataset", "[1, 2, {}]", "Dataset"],
  ["a scalar as a dataset", '"x"', "Dataset"],
  ["an array without a schema", "[]", undefined],
  ["an object that is no dataset, without a schema", '{"evaluations": []}', undefined],
  ["nesting too deep", `[${"[".repeat(1000)}${"]".repeat(1000)}]`, "Evaluation"],
  ["a BOM", `\uFEFF${JSON.stringify(records.slice(0, 3))}`, "Evaluation"],
  ["an empty array", "[ ]", "HumanEvaluation"],
];

describe("a JSON document checked record by record gives what it gives in memory", () => {
  it.each(DOCUMENTS)("%s", (_name, text, schema) => {
    for (const strict of [false, true])
      for (const all of [false, true]) {
        const options = { schema, strict, all, format: "json" as const };
        const { streamed: inMemory, ...whole } = run(text, options) as Record<string, unknown>;
        expect(inMemory === false || "code" in whole).toBe(true);
        for (const size of [1, 7, 4096]) {
          if (size === 1 && text.length > 5000) continue;
          const { streamed, ...stream } = run(text, { ...options, streamAbove: 0 }, size) as Record<string, unknown>;
          expect(streamed === true || "code" in stream).toBe(true);
          expect(stream).toEqual(whole);
        }
      }
  });

  it("names the same malformed byte, and refuses what is not JSON", () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('[{"id": "ab'), 0xff, ...new TextEncoder().encode('"}]')]);
    for (const streamAbove of [undefined, 0])
      expect(run(bytes, { schema: "Evaluation", streamAbove })).toEqual({
        code: "E_JSON_PARSE",
        message: "data.json is not valid UTF-8: malformed byte 0xff at byte offset 11",
      });
    for (const streamAbove of [undefined, 0])
      expect(run("[1, 2", { schema: "Evaluation", streamAbove })).toMatchObject({ code: "E_JSON_PARSE" });
    // A record the streaming reader skipped unread is parsed alone: its escapes are checked there.
    expect(run('[{"id": "\\x"}]', { schema: "Evaluation", streamAbove: 0 })).toMatchObject({
      code: "E_JSON_PARSE",
      message: expect.stringMatching(/^data\.json is not valid JSON: .* \(in \$\[0\], the value at byte offset 1\)$/),
    });
  });
});

type Result = {
  schema: string;
  records: string;
  findings: Array<{ path: string; rule: string; message: string }>;
  lines: string[];
  format: string;
  errors: number;
};

describe("NDJSON", () => {
  const lines = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join("\n");

  it("gives each record the findings it gets in an array, its path naming its line", () => {
    // (A line holding an array is an array of records, as a file holding one is.)
    const objects = records.filter((r) => !Array.isArray(r));
    const text = lines(objects);
    const array = run(JSON.stringify(objects), { schema: "Evaluation", all: true }) as Result;
    for (const size of [1, 9, 4096]) {
      const ndjson = run(text, { schema: "Evaluation", all: true }, size) as Result;
      expect(ndjson.format).toBe("ndjson");
      expect(ndjson.findings).toEqual(
        array.findings.map((f) => ({ ...f, path: f.path.replace(/^\$\[(\d+)\]/, (_m, i: string) => `line ${Number(i) + 1}: $`) })),
      );
      expect(ndjson.records).toBe("73 Evaluation records");
    }
  });

  it("tells Evaluation from HumanEvaluation without a schema, unwraps the fixtures' lines, and folds", () => {
    const text = [
      lines(DEFAULT.evaluations.slice(0, 3)),
      lines(DEFAULT.human_evaluations.slice(0, 2).map((record) => ({ kind: "human_evaluation", record }))),
      lines([{ kind: "evaluation", record: { ...brokenEvaluation(5), average_cost: "@" } }]).replace('"@"', "1e400"),
      lines([[human, { ...DEFAULT.evaluations[0], status: "done" }]]),
    ].join("\n");
    const result = run(text, {}) as Result;
    expect(result).toMatchObject({ format: "ndjson", schema: "Dataset", records: "5 Evaluation records, 3 HumanEvaluation records" });
    expect(result.lines).toContainEqual(expect.stringMatching(/^error +line 6: \$\.user_id +required: /));
    expect(result.lines).toContainEqual(expect.stringMatching(/^error +line 7: \$\[1\]\.status +type: must be object, got string/));
    const all = run(text, { all: true }) as Result;
    expect(all.findings.filter((f) => f.path.startsWith("line 6: $.average_cost"))).toEqual([
      expect.objectContaining({ message: "must be object, got 1e400" }),
    ]);
  });

  it("reads a line that is not JSON, or of no known kind, as a finding on that line, and goes on", () => {
    const text = `\uFEFF${JSON.stringify(EVALUATION_EXAMPLES[0])}\r\n\r\nnot json\r\n{"x": 1}\r\n${JSON.stringify(EVALUATION_EXAMPLES[1])}\r\n`;
    const result = run(text, { all: true }) as Result;
    expect(result.findings.map((f) => [f.path, f.rule])).toEqual([
      ["line 3: $", "json-syntax"],
      ["line 4: $", "record-kind"],
    ]);
    expect(result).toMatchObject({ records: "2 Evaluation records", errors: 2 });
  });

  it("is told by its first line: a fixtures line alone is NDJSON, one JSON value alone a document", () => {
    const fixtureLine = JSON.stringify({ kind: "evaluation", record: EVALUATION_EXAMPLES[0] });
    expect(run(`${fixtureLine}\n`, {})).toMatchObject({ format: "ndjson", records: "1 Evaluation record" });
    expect(run(JSON.stringify(EVALUATION_EXAMPLES[0]), { schema: "Evaluation" })).toMatchObject({
      format: "json",
      records: "1 Evaluation",
    });
    expect(run(`\n\n  ${JSON.stringify(EVALUATION_EXAMPLES)}\n\n`, { schema: "Evaluation" })).toMatchObject({ format: "json" });
    expect(run(JSON.stringify(DEFAULT, null, 2), {})).toMatchObject({ format: "json" });
    expect(run("", { format: "ndjson" })).toMatchObject({ format: "ndjson", records: "0 records", conforms: true });
    expect(run(`${fixtureLine}\n${fixtureLine}`, { format: "json" })).toMatchObject({ code: "E_JSON_PARSE" });
  });
});

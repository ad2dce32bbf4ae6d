import { describe, expect, it } from "vitest";
import { isToolkitError } from "../errors.js";
import { createRecordReader, type RecordHandler, type RecordRead, type ValueKind } from "./json-record-reader.js";
import { JsonStreamReader, JsonSyntaxError, JsonTooDeepError } from "./json-stream.js";

type Place = ReturnType<RecordHandler["root"]>;

interface Seen {
  root: ValueKind[];
  members: Array<[string | undefined, ValueKind]>;
  records: Array<[string | undefined, number, unknown]>;
}

/** What the reader tells of `text` written in pieces of `size` bytes; `lists`: the members whose items are records. */
function read(text: string | Uint8Array, size: number, place: Place, lists: readonly string[] = [], maxRecordBytes?: number): Seen {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const seen: Seen = { root: [], members: [], records: [] };
  const show = (r: RecordRead): unknown => ("text" in r ? JSON.parse(r.text) : "value" in r ? r.value : `too large (${r.tooLarge})`);
  const reader = createRecordReader(
    "data.json",
    {
      root: (kind) => (seen.root.push(kind), place),
      member: (key, kind) => (seen.members.push([key, kind]), key !== undefined && lists.includes(key) ? "items" : "skip"),
      record: (r, list, index) => void seen.records.push([list, index, show(r)]),
    },
    { maxRecordBytes },
  );
  for (let at = 0; at < bytes.length; at += size) reader.write(bytes.subarray(at, at + size));
  reader.end();
  return seen;
}

/** The one-line error the reader throws for `text`. */
function failure(text: string | Uint8Array, place: Place = "items"): string {
  try {
    read(text, 3, place);
  } catch (error) {
    if (isToolkitError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return "no error";
}

const DATASET = JSON.stringify(
  {
    meta: { big: "x".repeat(100), list: [1, 2, { a: [] }] },
    evaluations: [{ id: "a", n: [1, { b: "}" }] }, 7, "s", null, [], { q: 'he said "]"\\' }],
    other: [{ skip: true }],
    human_evaluations: [{ id: "é" }],
  },
  null,
  2,
);

describe("createRecordReader", () => {
  it.each([1, 2, 5, 64, 4096])("cuts a dataset's records out of pieces of %i bytes, each as JSON.parse reads it", (size) => {
    const seen = read(DATASET, size, "members", ["evaluations", "human_evaluations"]);
    const parsed = JSON.parse(DATASET) as { evaluations: unknown[]; human_evaluations: unknown[] };
    expect(seen.root).toEqual(["object"]);
    expect(seen.members).toEqual([
      ["meta", "object"],
      ["evaluations", "array"],
      ["other", "array"],
      ["human_evaluations", "array"],
    ]);
    expect(seen.records).toEqual([
      ...parsed.evaluations.map((r, i) => ["evaluations", i, r]),
      ...parsed.human_evaluations.map((r, i) => ["human_evaluations", i, r]),
    ]);
  });

  it("reads the items of a root array, or the root as one record", () => {
    expect(read(' [ {"a": 1}, 2 ] ', 2, "items").records).toEqual([
      [undefined, 0, { a: 1 }],
      [undefined, 1, 2],
    ]);
    expect(read('{"a": [1]}', 2, "record").records).toEqual([[undefined, 0, { a: [1] }]]);
    expect(read('"text"', 2, "record").records).toEqual([[undefined, 0, "text"]]);
    expect(read("12", 1, "record")).toMatchObject({ root: ["scalar"], records: [[undefined, 0, 12]] });
  });

  it("drops a BOM", () => {
    expect(read("\uFEFF[1]", 1, "items").records).toEqual([[undefined, 0, 1]]);
  });

  it("reports a record larger than the limit by its size, unread, and goes on", () => {
    const text = `[{"a": "${"x".repeat(50)}"}, "${"y".repeat(50)}", {"b": 1}]`;
    for (const size of [1, 7, 1000])
      expect(read(text, size, "items", [], 20).records).toEqual([
        [undefined, 0, "too large (20)"],
        [undefined, 1, "too large (20)"],
        [undefined, 2, { b: 1 }],
      ]);
  });

  it.each([
    ["not JSON", '[{"a": 1},', /^E_JSON_PARSE: data\.json is not valid JSON: unexpected end of the file/],
    ["a bad token", '[{"a": tru}]', /^E_JSON_PARSE: data\.json is not valid JSON: "tru" is not a JSON value at line 1, column 11/],
    [
      "nesting deeper than 1,000 levels",
      `[${"[".repeat(1001)}${"]".repeat(1001)}]`,
      /^E_JSON_TOO_DEEP: data\.json nests arrays or objects more than 1,000/,
    ],
    ["empty", "", /^E_JSON_PARSE: data\.json is not valid JSON: no JSON value/],
  ])("refuses %s with one named error", (_name, text, pattern) => {
    expect(failure(text)).toMatch(pattern);
  });

  // Records are skimmed (only strings and brackets followed) and parsed alone: a broken one is named
  // as a strict read of the whole file names it, the same reason at the same line and column.
  it.each([
    ["a missing comma", '[\n  {"a": 1},\n  {"a": 1 "b": 2}\n]'],
    ["a bracket for a brace", '[{"a": [1, 2}, {"b": 3}]]'],
    ["a brace for a bracket, later on a new line", '[{"a": 1},\n {"b": [1,\n 2}\n]'],
    ["a bad literal deep inside", '{"evaluations": [{"x": {"y": [1, nul]}}], "human_evaluations": []}'],
    ["a key without its colon", '{"evaluations": [{"x" 1}], "human_evaluations": []}'],
    ["a bracket that never closes", '[{"a": {"b": [1]}\n'],
    ["a string that never ends", '[{"a": "open}]'],
    ["a syntax error before nesting too deep", `[{"a": 1 2, "b": ${"[".repeat(1001)}${"]".repeat(1001)}}]`],
    ["nesting too deep in a dataset's list", `{"evaluations": [${"[".repeat(999)}${"]".repeat(999)}]}`],
  ])("names %s as a strict read does", (_name, text) => {
    const strict = (): string => {
      const reader = new JsonStreamReader({
        open: () => false,
        close: () => undefined,
        key: () => undefined,
        stringLimit: () => 0,
        scalar: () => undefined,
      });
      try {
        reader.write(new TextEncoder().encode(text));
        reader.end();
      } catch (error) {
        if (error instanceof JsonSyntaxError)
          return `E_JSON_PARSE: data.json is not valid JSON: ${error.reason} at line ${error.line}, column ${error.column}`;
        if (error instanceof JsonTooDeepError)
          return "E_JSON_TOO_DEEP: data.json nests arrays or objects more than 1,000 levels deep (the limit of every JSON value read here)";
        throw error;
      }
      return "no error";
    };
    const place: Place = text.startsWith("{") ? "members" : "items";
    for (const size of [1, 3, 7, 4096]) {
      let message = "no error";
      try {
        read(text, size, place, ["evaluations", "human_evaluations"]);
      } catch (error) {
        if (!isToolkitError(error)) throw error;
        message = `${error.code}: ${error.message}`;
      }
      expect(message, `pieces of ${size}`).toBe(strict());
    }
    expect(strict()).not.toBe("no error");
  });

  it("refuses bytes that are not UTF-8, in a record or between records, naming the offset", () => {
    const encode = (...parts: Array<string | number>): Uint8Array =>
      new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : [p])));
    expect(failure(encode('[{"a": "', 0xff, '"}]'))).toBe(
      "E_JSON_PARSE: data.json is not valid UTF-8: malformed byte 0xff at byte offset 8",
    );
    expect(failure(encode('{"k', 0xc3, '": 1}'), "members")).toBe(
      "E_JSON_PARSE: data.json is not valid UTF-8: malformed byte 0xc3 at byte offset 3",
    );
    expect(failure(encode("\uFEFF", '["', 0xfe, '"]'))).toBe(
      "E_JSON_PARSE: data.json is not valid UTF-8: malformed byte 0xfe at byte offset 5",
    );
  });
});

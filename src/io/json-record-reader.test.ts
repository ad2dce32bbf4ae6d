import { describe, expect, it } from "vitest";
import { isToolkitError } from "../errors.js";
import { createRecordReader, type RecordHandler, type RecordRead, type ValueKind } from "./json-record-reader.js";

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

import { describe, expect, it } from "vitest";
import {
  JsonStreamReader,
  JsonSyntaxError,
  JsonTooDeepError,
  SKIPPED,
  TOO_LONG,
  type JsonScalar,
  type JsonVisitor,
} from "./json-stream.js";

type Json = unknown;

/** Builds the whole value from the events (what JSON.parse gives), keeping strings up to `limit`. */
function builder(limit = Number.MAX_SAFE_INTEGER, skip: (key: string | undefined) => boolean = () => false) {
  const stack: Array<{ value: Record<string, Json> | Json[]; key?: string | undefined }> = [];
  let root: Json;
  let done = false;
  let pendingSkip = false;
  const put = (value: Json): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      root = value;
      done = true;
    } else if (Array.isArray(top.value)) top.value.push(value);
    else top.value[top.key!] = value;
  };
  const visitor: JsonVisitor = {
    open(kind) {
      if (pendingSkip) return false;
      const value = kind === "object" ? {} : [];
      put(value);
      stack.push({ value });
      return true;
    },
    close: () => void stack.pop(),
    key(name) {
      stack[stack.length - 1]!.key = name;
      pendingSkip = skip(name);
    },
    stringLimit: () => (pendingSkip ? 0 : limit),
    scalar(value: JsonScalar) {
      pendingSkip = false;
      put(value === SKIPPED ? "<skipped>" : value === TOO_LONG ? "<too long>" : value);
    },
  };
  return { visitor, result: () => (done ? root : undefined) };
}

function read(text: string, chunkSize: number, limit?: number, skip?: (key: string | undefined) => boolean): Json {
  const bytes = new TextEncoder().encode(text);
  const { visitor, result } = builder(limit, skip);
  const reader = new JsonStreamReader(visitor);
  for (let i = 0; i < bytes.length; i += chunkSize) reader.write(bytes.subarray(i, i + chunkSize));
  reader.end();
  return result();
}

const DOCUMENTS: Json[] = [
  { a: 1, b: [true, false, null, -0.5e3, 1e-7, 0], c: { d: "é ✓ 😀", e: 'quote " back \\ slash / tab \t nl \n \u0001 \u2028' } },
  [],
  {},
  [[[[]]], {}, [{}]],
  "a string alone",
  42,
  null,
  { "": "", ' key with "escapes" ': ["\\\\", '\\"', "\\u0041"] },
  { long: "x".repeat(10_000), esc: '\\"'.repeat(3_000) },
];

describe("JsonStreamReader", () => {
  it.each([1, 2, 3, 7, 64, 1 << 20])("gives what JSON.parse gives, in chunks of %i bytes", (size) => {
    for (const document of DOCUMENTS) {
      const text = JSON.stringify(document, null, size % 2 === 0 ? 2 : undefined);
      expect(read(text, size)).toEqual(JSON.parse(text));
    }
  });

  it("keeps a string only up to its limit, and skips what the visitor declines", () => {
    const text = JSON.stringify({ short: "abc", long: "x".repeat(100), skipped: { deep: ["x".repeat(1000)] }, after: 1 });
    for (const size of [1, 5, 1000])
      expect(read(text, size, 10, (key) => key === "skipped")).toEqual({
        short: "abc",
        long: "<too long>",
        skipped: "<skipped>",
        after: 1,
      });
  });

  it.each([
    ["", /no JSON value/],
    ["{", /unexpected end of the file/],
    ['{"a" 1}', /after a key \(":" should be there\) at line 1, column 6/],
    ["[1,]", /unexpected "\]" where a value should be/],
    ['{"a":1,}', /where a key should be/],
    ["[1 2]", /after a value \(a comma or "\]" should be there\)/],
    ["tru", /"tru" is not a JSON value/],
    ["nulll", /not a JSON value/],
    ["01", /"01" is not a number/],
    ["1.", /"1\." is not a number/],
    ['"\\x"', /a string with a bad escape/],
    ['"a\u0001b"', /raw control character/],
    ["{}\n{}", /after the end of the JSON value at line 2, column 1/],
    ["\u001b[2J{}", /unexpected byte 0x1b at line 1, column 1/],
    ["hello", /^unexpected "h" at line 1, column 1$/],
    ["9".repeat(600), /a number of more than 512 characters/],
  ])("refuses %j with where and why", (text, message) => {
    for (const size of [1, 4, 1000]) {
      let error: unknown;
      try {
        read(text, size);
      } catch (thrown) {
        error = thrown;
      }
      expect(error, `${text} in chunks of ${size}`).toBeInstanceOf(JsonSyntaxError);
      expect((error as Error).message).toMatch(message);
    }
  });

  it("refuses nesting past its depth limit", () => {
    const reader = new JsonStreamReader(builder().visitor, { maxDepth: 10 });
    expect(() => reader.write(new TextEncoder().encode("[".repeat(11)))).toThrow(JsonTooDeepError);
    const ok = new JsonStreamReader(builder().visitor, { maxDepth: 10 });
    ok.write(new TextEncoder().encode(`${"[".repeat(10)}${"]".repeat(10)}`));
    ok.end();
  });

  it("counts lines for its messages, and bytes read", () => {
    const reader = new JsonStreamReader(builder().visitor);
    const text = new TextEncoder().encode('{\n  "a": [1,\n  2');
    reader.write(text);
    expect(reader.offset).toBe(text.length);
    expect(() => reader.end()).toThrow(/^unexpected end of the file \(the JSON value is cut short\) at line 3, column 4$/);
  });
});

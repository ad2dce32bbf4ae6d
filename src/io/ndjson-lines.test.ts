import { describe, expect, it } from "vitest";
import { createLineReader } from "./ndjson-lines.js";

type Event = [number, string] | [number, "fault", string, string];

/** The reader's events for `bytes` written in pieces of `size` bytes. */
function read(bytes: Uint8Array | string, size: number, maxLineBytes?: number): Event[] {
  const input = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const events: Event[] = [];
  const reader = createLineReader(
    {
      line: (text, number) => events.push([number, text]),
      fault: (number, kind, reason) => events.push([number, "fault", kind, reason]),
    },
    maxLineBytes,
  );
  for (let at = 0; at < input.length; at += size) reader.write(input.subarray(at, at + size));
  reader.end();
  return events;
}

const SIZES = [1, 2, 3, 7, 64, 1 << 16];

describe("createLineReader", () => {
  it.each(SIZES)("hands over each line with its number, in pieces of %i bytes", (size) => {
    expect(read('{"a":1}\n\n  \n[2]\n"é"\n', size)).toEqual([
      [1, '{"a":1}'],
      [4, "[2]"],
      [5, '"é"'],
    ]);
  });

  it.each(SIZES)("reads a last line without a newline, CRLF lines and a BOM (pieces of %i bytes)", (size) => {
    expect(read("\uFEFF1\r\n\r\n2\r\n3", size)).toEqual([
      [1, "1\r"],
      [3, "2\r"],
      [4, "3"],
    ]);
  });

  it("drops a BOM only at the start of the input", () => {
    expect(read("1\n\uFEFF2\n", 3)).toEqual([
      [1, "1"],
      [2, "\uFEFF2"],
    ]);
  });

  it.each(SIZES)("reports a line that is not UTF-8 and goes on (pieces of %i bytes)", (size) => {
    const bytes = new Uint8Array([...new TextEncoder().encode('1\n"a'), 0xff, ...new TextEncoder().encode('"\n3\n')]);
    expect(read(bytes, size)).toEqual([
      [1, "1"],
      [2, "fault", "utf-8", "not valid UTF-8: malformed byte 0xff at column 3"],
      [3, "3"],
    ]);
  });

  it("keeps a U+FFFD written in the data", () => {
    expect(read('"\uFFFD"\n', 4)).toEqual([[1, '"\uFFFD"']]);
  });

  it.each(SIZES)("reports a line longer than the limit without keeping it, and goes on (pieces of %i bytes)", (size) => {
    expect(read(`1\n${"x".repeat(40)}\n22\n${"y".repeat(11)}`, size, 10)).toEqual([
      [1, "1"],
      [2, "fault", "too-long", "longer than 10 bytes: not read"],
      [3, "22"],
      [4, "fault", "too-long", "longer than 10 bytes: not read"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { createBodyText } from "./body-text.js";

/** `text` cut into chunks of `size` bytes, as a socket hands them over. */
const chunksOf = (bytes: Buffer, size: number): Buffer[] =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

const read = (bytes: Buffer, size: number, options: Omit<Parameters<typeof createBodyText>[0], "cap"> = {}): string => {
  const body = createBodyText({ cap: 1 << 30, ...options });
  for (const chunk of chunksOf(bytes, size)) body.add(chunk);
  return body.text();
};

describe("createBodyText", () => {
  const ascii = Buffer.from(JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: `${i}`, note: "x".repeat(i % 37) }))));
  const utf8 = Buffer.from('[{"name":"café ☕ 𝄞","s":"é"}]');

  it.each([1, 7, 4096, 1 << 20])("decodes a body in chunks of %i bytes as TextDecoder decodes it whole", (size) => {
    expect(read(ascii, size)).toBe(ascii.toString("utf8"));
    // A character split across two chunks is decoded once, whole.
    expect(read(utf8, size)).toBe(new TextDecoder().decode(utf8));
  });

  it("drops a BOM and replaces bytes that are not UTF-8, as TextDecoder does", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("[1,"), Buffer.from([0xff]), Buffer.from("]")]);
    expect(read(bytes, 2)).toBe(new TextDecoder().decode(bytes));
  });

  it("grows past a Content-Length that was too small, and an empty body is empty", () => {
    expect(read(ascii, 1000, { expectedBytes: 10 })).toBe(ascii.toString());
    expect(createBodyText({ cap: 10 }).text()).toBe("");
  });

  describe("compared with a likely text", () => {
    const likely = ascii.toString();

    it("a body equal to it reads as it", () => {
      expect(read(ascii, 4096, { likely })).toBe(likely);
    });

    it("a body that differs from some chunk on reads as sent, the agreed part included", () => {
      const other = Buffer.from(likely.replace('"id":"400"', '"id":"401"'));
      expect(read(other, 4096, { likely })).toBe(other.toString());
      expect(read(other, 3, { likely })).toBe(other.toString());
    });

    it("a body that turns to other bytes than ASCII reads as sent", () => {
      const other = Buffer.concat([ascii.subarray(0, 9000), Buffer.from("é☕"), ascii.subarray(9000)]);
      expect(read(other, 4096, { likely })).toBe(other.toString());
    });

    it("a body shorter or longer than it reads as sent", () => {
      expect(read(ascii.subarray(0, 5000), 4096, { likely })).toBe(likely.slice(0, 5000));
      const longer = Buffer.concat([ascii, Buffer.from(" ")]);
      expect(read(longer, 4096, { likely })).toBe(`${likely} `);
      expect(read(Buffer.alloc(0), 1, { likely })).toBe("");
    });
  });
});

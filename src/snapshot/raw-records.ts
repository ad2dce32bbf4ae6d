// The records of a JSON array as the provider wrote them: the text of each top-level element, byte
// for byte, so a plain snapshot keeps every number as written (`1e-07`, `0.30000000000000004`), every
// escape and the key order, where JSON.parse and JSON.stringify would rewrite them. The text must be
// valid JSON (the caller parsed it first): the io scanner (src/io/json-value-end.ts, what the mock's
// streamed load splits a data file with) only finds where each element starts and ends.
import { CLOSE_BRACKET, COMMA, isJsonWhitespace, OPEN_BRACKET, valueEnd } from "../io/json-value-end.js";

const decoder = new TextDecoder();

/** The raw text of each element of the JSON array `text`, or undefined when `text` is not an array. */
export function rawArrayElements(text: string): string[] | undefined {
  const bytes = new TextEncoder().encode(text);
  const end = bytes.length;
  let i = 0;
  const skipSpace = (): void => {
    while (i < end && isJsonWhitespace(bytes[i]!)) i++;
  };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3; // a BOM
  skipSpace();
  if (bytes[i] !== OPEN_BRACKET) return undefined;
  i++;
  const elements: string[] = [];
  skipSpace();
  if (bytes[i] === CLOSE_BRACKET) return elements;
  for (;;) {
    skipSpace();
    const after = valueEnd(bytes, i, end, true);
    if (after === -1) return undefined;
    elements.push(decoder.decode(bytes.subarray(i, after)));
    i = after;
    skipSpace();
    if (bytes[i] !== COMMA) return elements;
    i++;
  }
}

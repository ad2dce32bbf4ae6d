// The records of a JSON array as the provider wrote them: the text of each top-level element, byte
// for byte, so a plain snapshot keeps every number as written (`1e-07`, `0.30000000000000004`), every
// escape and the key order, where JSON.parse and JSON.stringify would rewrite them. The text must be
// valid JSON (the caller parsed it first): the io scanner (src/io/json-array-elements.ts, what verify
// walks a long list with) only finds where each element starts and ends.
import { arrayElementBounds, elementText } from "../io/json-array-elements.js";

/** The raw text of each element of the JSON array `text` (a BOM before it skipped), or undefined when `text` is not an array. */
export function rawArrayElements(text: string): string[] | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const bounds = arrayElementBounds(body);
  if (bounds === undefined) return undefined;
  return Array.from({ length: bounds.length }, (_, k) => elementText(body, bounds, k));
}

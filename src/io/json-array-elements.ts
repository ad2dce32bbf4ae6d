// The elements of a JSON array found in its text without parsing the whole: where each top-level
// element starts and ends (json-value-end.ts's text scan), each then parsed alone when it is walked.
// How a 20,000-record list is checked without its whole parse in memory (42 MB for 26 MB of text):
// verify's checks walk the list record by record (src/engine/parsed-answer.ts), and a snapshot cuts
// each record's text out as it was sent (src/snapshot/raw-records.ts).
import { CLOSE_BRACKET, COMMA, isJsonWhitespace, OPEN_BRACKET, textValueEnd } from "./json-value-end.js";

/** Where each element of an array's text is: element k is `text.slice(starts[k], ends[k])`. */
export interface ElementBounds {
  readonly length: number;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
}

/**
 * The bounds of each element of the JSON array `text`, or undefined when its top level is not an
 * array as JSON writes one (a BOM, another value, a missing comma, something after the `]`). Each
 * element is taken on trust: JSON.parse of its slice checks it. With `limit`, the scan stops at that
 * many elements: the rest of the text is neither read nor checked.
 */
export function arrayElementBounds(text: string, limit = Infinity): ElementBounds | undefined {
  const end = text.length;
  let i = 0;
  const skipSpace = (): void => {
    while (i < end && isJsonWhitespace(text.charCodeAt(i))) i++;
  };
  skipSpace();
  if (text.charCodeAt(i) !== OPEN_BRACKET) return undefined;
  i++;
  let starts = new Uint32Array(64);
  let ends = new Uint32Array(64);
  let length = 0;
  skipSpace();
  if (text.charCodeAt(i) !== CLOSE_BRACKET)
    for (;;) {
      skipSpace();
      const after = i < end ? textValueEnd(text, i) : -1;
      if (after === -1 || after === i) return undefined;
      if (length === starts.length) {
        starts = grow(starts);
        ends = grow(ends);
      }
      starts[length] = i;
      ends[length++] = after;
      if (length === limit) return { length, starts, ends };
      i = after;
      skipSpace();
      if (text.charCodeAt(i) !== COMMA) break;
      i++;
    }
  if (text.charCodeAt(i) !== CLOSE_BRACKET) return undefined;
  i++;
  skipSpace();
  return i === end ? { length, starts, ends } : undefined;
}

const grow = (array: Uint32Array): Uint32Array<ArrayBuffer> => {
  const bigger = new Uint32Array(array.length * 2);
  bigger.set(array);
  return bigger;
};

/** The text of element `k`. */
export const elementText = (text: string, bounds: ElementBounds, k: number): string => text.slice(bounds.starts[k], bounds.ends[k]);

/** A run of elements parsed at once: at most this many of them, */
const RUN_ELEMENTS = 1024;
/** or about this many characters of text (a run ends after the element that reaches it; 64 KiB left Node 24 and 26 some 10 MB heavier). */
const RUN_CHARS = 16 * 1024;

/**
 * The elements of `text` in runs, each run parsed at once (its slice of the text, separators and all,
 * between brackets: valid exactly when each of its elements is), so that a million small records
 * cost a few thousand JSON.parse calls, not a million, and a run's records die young. A run that
 * does not parse throws JSON.parse's SyntaxError.
 */
export function* elementRuns(text: string, bounds: ElementBounds): Generator<unknown[], void, undefined> {
  for (let first = 0; first < bounds.length;) {
    let last = first;
    while (last + 1 < bounds.length && last + 1 - first < RUN_ELEMENTS && bounds.ends[last]! - bounds.starts[first]! < RUN_CHARS) last++;
    yield JSON.parse(`[${text.slice(bounds.starts[first], bounds.ends[last])}]`) as unknown[];
    first = last + 1;
  }
}

/** The elements of `text` (bounds from arrayElementBounds), parsed run by run as the walk reaches them and dropped after. */
export function jsonElements(text: string, bounds: ElementBounds): Iterable<unknown> & { readonly length: number } {
  return {
    length: bounds.length,
    *[Symbol.iterator]() {
      for (const run of elementRuns(text, bounds)) yield* run;
    },
  };
}

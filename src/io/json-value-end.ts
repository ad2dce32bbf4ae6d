// Where a JSON value ends in a run of bytes, found without parsing it: strings (with their escapes)
// skipped, brackets counted. What splits a data file into records (stream-dataset-index.ts), each then
// parsed alone by JSON.parse, which checks everything this scan takes on trust. A snapshot cuts the
// records of a list answer out of its text with it too (src/snapshot/raw-records.ts).

/** JSON's structural bytes, for the scanners of raw bytes (this one, the mock's streamed load). */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;

/** JSON's whitespace: space, tab, line feed, carriage return. */
export const isJsonWhitespace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** The index of the quote that closes the string opened at `quote`, or -1 when it does not close before `end`. */
export function stringEnd(bytes: Uint8Array, quote: number, end: number): number {
  for (let i = quote + 1; i < end; i++) {
    const b = bytes[i];
    if (b === BACKSLASH) i++;
    else if (b === QUOTE) return i;
  }
  return -1;
}

/**
 * The index just past the value that starts at `start` (not whitespace), or -1 when it does not end
 * before `end` and more bytes may come. A number or literal runs to the next delimiter (or to `end`
 * when `atEnd`: nothing follows). Mismatched brackets are not this scan's business: the slice it
 * names fails JSON.parse.
 */
export function valueEnd(bytes: Uint8Array, start: number, end: number, atEnd: boolean): number {
  const first = bytes[start];
  if (first === QUOTE) {
    const close = stringEnd(bytes, start, end);
    return close === -1 ? -1 : close + 1;
  }
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      if (b === QUOTE) {
        i = stringEnd(bytes, i, end);
        if (i === -1) return -1;
      } else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if ((b === CLOSE_BRACE || b === CLOSE_BRACKET) && --depth === 0) return i + 1;
    }
    return -1;
  }
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b === COMMA || b === CLOSE_BRACE || b === CLOSE_BRACKET || isJsonWhitespace(b)) return i;
  }
  return atEnd ? end : -1;
}

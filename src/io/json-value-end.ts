// Where a JSON value ends, found without parsing it: strings (with their escapes) skipped, brackets
// counted. In raw bytes (valueEnd: what splits a data file into records, stream-dataset-index.ts) and
// in decoded text (textValueEnd: what finds a list answer's records, json-array-elements.ts); each
// value is then parsed alone by JSON.parse, which checks everything this scan takes on trust.

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

/**
 * valueEnd on decoded text (an HTTP answer, already a string): the index just past the value that
 * starts at `start`, or -1 when it does not end in `text`. A string is skipped by indexOf of its
 * quotes (most of a record's characters), which keeps a 26 MB list's scan to a few tens of ms.
 */
export function textValueEnd(text: string, start: number): number {
  const end = text.length;
  const first = text.charCodeAt(start);
  if (first === QUOTE) return textStringEnd(text, start) + 1 || -1;
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        i = textStringEnd(text, i);
        if (i === -1) return -1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
    }
    return -1;
  }
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isJsonWhitespace(c)) return i;
  }
  return end;
}

/** The index of the quote that closes the string opened at `quote` in `text`, or -1. */
function textStringEnd(text: string, quote: number): number {
  for (let i = text.indexOf('"', quote + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    let slashes = 0;
    while (text.charCodeAt(i - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return i;
  }
  return -1;
}

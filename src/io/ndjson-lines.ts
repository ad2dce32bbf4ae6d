// NDJSON read line by line from bytes in pieces of any size, in bounded memory: each line is handed
// over as text with its number (1-based, blank lines counted). Blank lines are skipped; a CRLF
// file's CR stays at the end of its line, where JSON sees whitespace; a UTF-8 BOM at the start of
// the input is dropped. A line that is not UTF-8, or longer than `maxLineBytes` (its bytes are not
// kept), is a fault handed over with its number, and reading goes on. The whole lines of a piece are
// decoded together, once: a million short lines cost a million slices of a few strings, not a
// million decodings. Browser-safe: Uint8Array and TextDecoder only.
import { invalidUtf8Offset } from "./utf8-offset.js";
import { concatBytes } from "./concat-bytes.js";

/** The longest line read (64 MiB): far above any record, far below the longest string V8 can hold. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface LineHandler {
  /** A line that is not blank, without its newline. */
  line(text: string, number: number): void;
  /** A line that could not be read: not UTF-8, or too long. */
  fault(number: number, kind: "utf-8" | "too-long", reason: string): void;
}

export interface LineReader {
  write(chunk: Uint8Array): void;
  /** The input is complete: its last line, if it has no newline, is read now. */
  end(): void;
}

const NEWLINE = 0x0a;
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The text of `bytes`, or undefined when they are not UTF-8. The lenient decoder and a search for
 * U+FFFD cost less than the strict decoder (a quarter of the decoding); only a text that holds one
 * is decoded again, strictly, to tell a malformed byte from a U+FFFD written in the data.
 */
function decode(bytes: Uint8Array): string | undefined {
  const text = lenient.decode(bytes);
  if (text.indexOf("\uFFFD") === -1) return text;
  try {
    return strict.decode(bytes);
  } catch {
    return undefined;
  }
}

const isBlank = (text: string): boolean => {
  if (text.length === 0) return true;
  const c = text.charCodeAt(0);
  return (c === 0x20 || c === 0x09 || c === 0x0d) && text.trim() === "";
};

function notUtf8(bytes: Uint8Array): string {
  const at = invalidUtf8Offset(bytes) ?? 0;
  return `not valid UTF-8: malformed byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, "0")} at column ${at + 1}`;
}

export function createLineReader(handler: LineHandler, maxLineBytes = MAX_LINE_BYTES): LineReader {
  /** The number of the line being read. */
  let next = 1;
  let first = true;
  // The start of a line that continues in the next piece.
  let parts: Uint8Array[] = [];
  let partBytes = 0;
  let tooLong = false;

  const take = (text: string, number: number): void => {
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (!isBlank(text)) handler.line(text, number);
  };

  /** One line, from its bytes. */
  const one = (bytes: Uint8Array): void => {
    const number = next++;
    if (bytes.length > maxLineBytes) {
      first = false;
      handler.fault(number, "too-long", `longer than ${maxLineBytes.toLocaleString("en-US")} bytes: not read`);
      return;
    }
    const text = decode(bytes);
    if (text === undefined) {
      first = false;
      handler.fault(number, "utf-8", notUtf8(bytes));
      return;
    }
    take(text, number);
  };

  /** Whole lines (the bytes up to, not including, the last newline of a piece). */
  const block = (bytes: Uint8Array): void => {
    // A block no longer than a line may be holds no line too long; one that is not UTF-8 is read line by line to tell which.
    const text = bytes.length <= maxLineBytes ? decode(bytes) : undefined;
    if (text === undefined) {
      let from = 0;
      for (let nl = bytes.indexOf(NEWLINE); nl !== -1; nl = bytes.indexOf(NEWLINE, from)) {
        one(bytes.subarray(from, nl));
        from = nl + 1;
      }
      one(bytes.subarray(from));
      return;
    }
    let from = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", from)) {
      take(text.slice(from, nl), next++);
      from = nl + 1;
    }
    take(from === 0 ? text : text.slice(from), next++);
  };

  const carry = (chunk: Uint8Array, from: number, to: number): void => {
    if (to <= from || tooLong) return;
    if (partBytes + to - from > maxLineBytes) {
      tooLong = true;
      parts = [];
      partBytes = 0;
      return;
    }
    parts.push(chunk.slice(from, to));
    partBytes += to - from;
  };

  const finishCarried = (): void => {
    if (tooLong) {
      tooLong = false;
      first = false;
      handler.fault(next++, "too-long", `longer than ${maxLineBytes.toLocaleString("en-US")} bytes: not read`);
      return;
    }
    one(concatBytes(parts, partBytes));
    parts = [];
    partBytes = 0;
  };

  return {
    write(chunk) {
      let start = 0;
      if (partBytes > 0 || tooLong) {
        const nl = chunk.indexOf(NEWLINE);
        if (nl === -1) return carry(chunk, 0, chunk.length);
        carry(chunk, 0, nl);
        finishCarried();
        start = nl + 1;
      }
      const last = chunk.lastIndexOf(NEWLINE);
      if (last >= start) {
        block(chunk.subarray(start, last));
        start = last + 1;
      }
      carry(chunk, start, chunk.length);
    },
    end() {
      if (partBytes > 0 || tooLong) finishCarried();
    },
  };
}

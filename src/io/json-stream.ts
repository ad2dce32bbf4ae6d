// A streaming JSON reader: bytes in, in pieces of any size, events out (a container opens or closes,
// a key, a value), so a document far larger than any string V8 can hold (a 1 GiB HAR file) is read in
// constant memory. The visitor decides, value by value, what to keep: a container it declines is
// skipped whole without a single event (read to its end by the grammar, or skimmed when the visitor
// checks its bytes itself: "cut"), a string only up to the bytes it allows (a 300 MB base64
// body it does not need is scanned with indexOf and never decoded). Kept strings are decoded by
// JSON.parse, so their escapes are checked exactly; numbers and literals by the grammar. Depth and
// token sizes are capped: a hostile input cannot grow the stack, a key or a number without bound.
// Browser-safe: Uint8Array and TextDecoder only.
import { concatBytes } from "./concat-bytes.js";

/** A value that was not kept: a declined container, or a string the visitor allowed no byte of. */
export const SKIPPED: unique symbol = Symbol("skipped");
/** A string longer than the bytes the visitor allowed: scanned to its end, not kept. */
export const TOO_LONG: unique symbol = Symbol("too long");

export type JsonScalar = string | number | boolean | null | typeof SKIPPED | typeof TOO_LONG;

export interface JsonVisitor {
  /**
   * A container starts (the value of the last key, an array item, or the root); false skips it whole
   * (then `scalar(SKIPPED)`). "cut" skips it too, skimmed rather than read: only its strings and
   * brackets are followed (and its depth and lines counted), so the caller, which cuts its bytes out to
   * parse them whole, owns checking them (JSON.parse checks everything the skim takes on trust).
   */
  open(kind: "object" | "array"): boolean | "cut";
  /** The last container `open` accepted ends. */
  close(): void;
  /** An object's key; undefined when it is longer than `maxKeyBytes`. */
  key(name: string | undefined): void;
  /** How many bytes of the string value starting now to keep (0: skip it, then `scalar(SKIPPED)`). */
  stringLimit(): number;
  /** A value that is no container (or a declined one: SKIPPED). */
  scalar(value: JsonScalar): void;
}

export interface JsonStreamOptions {
  /** Containers nested deeper than this are refused (JsonTooDeepError); default 1,000. */
  maxDepth?: number;
  /** Keys longer than this (bytes, as written) reach the visitor as undefined; default 64 KiB. */
  maxKeyBytes?: number;
}

/** Where a JSON text is broken, and why. */
export class JsonSyntaxError extends Error {
  override readonly name = "JsonSyntaxError";
  constructor(
    readonly reason: string,
    /** 1-based. */
    readonly line: number,
    /** 1-based, in bytes. */
    readonly column: number,
    readonly offset: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}

/** Containers nested deeper than the limit. */
export class JsonTooDeepError extends Error {
  override readonly name = "JsonTooDeepError";
}

const enum Mode {
  Value,
  /** Inside a container skimmed for the visitor (open said "cut"). */
  Cut,
  AfterValue,
  Key,
  Colon,
  String,
  Number,
  Literal,
  Done,
}

const enum Report {
  Close,
  Skipped,
  None,
}

interface Frame {
  object: boolean;
  /** No event for anything inside. */
  skip: boolean;
  /** What its end tells the visitor. */
  report: Report;
  /** No member yet: a closing bracket may come. */
  first: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_NUMBER_CHARS = 512;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };

const isWhitespace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isDelimiter = (b: number): boolean => isWhitespace(b) || b === 0x2c || b === 0x5d || b === 0x7d;

/** A byte as a message shows it: `"x"`, or `U+001B` for what is no printable ASCII. */
const showByte = (b: number): string =>
  b >= 0x21 && b <= 0x7e ? JSON.stringify(String.fromCharCode(b)) : `byte 0x${b.toString(16).padStart(2, "0")}`;

export class JsonStreamReader {
  private readonly stack: Frame[] = [];
  private mode = Mode.Value;
  private readonly maxDepth: number;
  private readonly maxKeyBytes: number;
  private readonly decoder = new TextDecoder();
  /** Bytes before the current chunk. */
  private base = 0;
  private line = 1;
  private lineStart = 0;
  // The string being read.
  private stringIsKey = false;
  private stringLimit = 0;
  private stringParts: Uint8Array[] = [];
  private stringBytes = 0;
  private stringTooLong = false;
  private escaped = false;
  // The number or literal being read.
  private token = "";
  private told = "";
  private at = 0;
  // The container being skimmed: how many brackets are open in it, and whether a string is.
  private cutDepth = 0;
  private cutInString = false;

  constructor(
    private readonly visitor: JsonVisitor,
    options: JsonStreamOptions = {},
  ) {
    this.maxDepth = options.maxDepth ?? 1000;
    this.maxKeyBytes = options.maxKeyBytes ?? 64 * 1024;
  }

  /** Bytes read so far. */
  get offset(): number {
    return this.base;
  }

  /** The number or literal told last, as written (`1e400`, which the visitor was told as Infinity). */
  get tokenText(): string {
    return this.told;
  }

  /** The byte offset of what the visitor is being told now (a container's bracket, a string's closing quote). */
  get position(): number {
    return this.at;
  }

  /** Where `position` is, as a syntax error would name it: its line and column (1-based, in bytes). */
  get place(): { line: number; column: number } {
    return { line: this.line, column: this.at - this.lineStart + 1 };
  }

  private fail(reason: string, at: number): never {
    throw new JsonSyntaxError(reason, this.line, at - this.lineStart + 1, at);
  }

  /** Whether events are told for the value starting now. */
  private get live(): boolean {
    const top = this.stack[this.stack.length - 1];
    return top === undefined || !top.skip;
  }

  private valueDone(): void {
    this.mode = this.stack.length === 0 ? Mode.Done : Mode.AfterValue;
  }

  private openContainer(object: boolean, at: number): void {
    if (this.stack.length >= this.maxDepth)
      throw new JsonTooDeepError(`nested more than ${this.maxDepth} levels deep at byte offset ${at}`);
    this.at = at;
    const live = this.live;
    const entered = live && this.visitor.open(object ? "object" : "array");
    if (entered === "cut") {
      this.stack.push({ object, skip: true, report: Report.Skipped, first: false });
      this.mode = Mode.Cut;
      this.cutDepth = 1;
      this.cutInString = false;
      return;
    }
    this.stack.push({ object, skip: !entered, report: entered ? Report.Close : live ? Report.Skipped : Report.None, first: true });
    this.mode = object ? Mode.Key : Mode.Value;
  }

  private closeContainer(at: number): void {
    this.at = at;
    const frame = this.stack.pop()!;
    if (frame.report === Report.Close) this.visitor.close();
    else if (frame.report === Report.Skipped) this.visitor.scalar(SKIPPED);
    this.valueDone();
  }

  private startString(isKey: boolean): void {
    this.stringIsKey = isKey;
    this.stringLimit = !this.live ? 0 : isKey ? this.maxKeyBytes : this.visitor.stringLimit();
    this.stringParts = [];
    this.stringBytes = 0;
    this.stringTooLong = false;
    this.escaped = false;
    this.mode = Mode.String;
  }

  /** Keeps `chunk[from, to)` of the string being read, within its limit. */
  private keep(chunk: Uint8Array, from: number, to: number): void {
    if (this.stringLimit === 0 || this.stringTooLong || to <= from) return;
    this.stringBytes += to - from;
    if (this.stringBytes > this.stringLimit) {
      this.stringTooLong = true;
      this.stringParts = [];
      return;
    }
    this.stringParts.push(chunk.slice(from, to));
  }

  private endString(at: number): void {
    this.at = at;
    const kept = this.stringLimit > 0 && !this.stringTooLong;
    let text: string | undefined;
    if (kept) {
      const raw = concatBytes(this.stringParts, this.stringBytes);
      this.stringParts = [];
      try {
        text = JSON.parse(`"${this.decoder.decode(raw)}"`) as string;
      } catch {
        this.fail("a string with a bad escape or a raw control character", at);
      }
    }
    if (this.stringIsKey) {
      if (this.live) this.visitor.key(text);
      this.mode = Mode.Colon;
      return;
    }
    if (this.live) this.visitor.scalar(text ?? (this.stringLimit === 0 ? SKIPPED : TOO_LONG));
    this.valueDone();
  }

  private endToken(at: number): void {
    this.at = at;
    const token = this.token;
    this.token = "";
    this.told = token;
    let value: number | boolean | null;
    if (this.mode === Mode.Number) {
      if (!NUMBER.test(token)) this.fail(`${JSON.stringify(token.slice(0, 40))} is not a number`, at);
      value = Number(token);
    } else {
      if (!Object.hasOwn(LITERALS, token)) this.fail(`${JSON.stringify(token.slice(0, 40))} is not a JSON value`, at);
      value = LITERALS[token]!;
    }
    if (this.live) this.visitor.scalar(value);
    this.valueDone();
  }

  /** Reads the next piece of the text. */
  write(chunk: Uint8Array): void {
    const n = chunk.length;
    let i = 0;
    // The next quote and backslash at or after i, found once and reused: scanning a string never
    // searches the same bytes twice, however many short strings the chunk holds.
    let nextQuote = -2;
    let nextBackslash = -2;
    // Where the string being read starts in this chunk: kept in one piece per chunk, not per escape.
    let segmentStart = 0;
    // Where the string being read or skimmed closes: the index of its quote, past its escapes, or -1
    // when it goes on past this chunk (then `i` is the chunk's end).
    const closingQuote = (): number => {
      if (this.escaped) {
        this.escaped = false;
        i++;
      }
      while (i < n) {
        if (nextQuote !== -1 && nextQuote < i) nextQuote = chunk.indexOf(QUOTE, i);
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = chunk.indexOf(BACKSLASH, i);
        if (nextBackslash !== -1 && (nextQuote === -1 || nextBackslash < nextQuote)) {
          // An escape: its next byte (a quote, a backslash, u...) is part of the string.
          i = nextBackslash + 2;
          if (i > n) {
            this.escaped = true;
            i = n;
          }
          continue;
        }
        if (nextQuote !== -1) return nextQuote;
        i = n;
      }
      return -1;
    };
    while (i < n) {
      switch (this.mode) {
        case Mode.Cut: {
          // A skimmed container: strings skipped by the same indexOf as a string read, brackets
          // counted, lines counted (outside strings a line feed is whitespace); nothing else is looked at.
          if (this.cutInString) {
            const quote = closingQuote();
            if (quote === -1) continue;
            i = quote + 1;
            this.cutInString = false;
            continue;
          }
          // Up to the next string, or the bracket that closes the container, in one tight loop.
          let depth = this.cutDepth;
          // As deep as openContainer counts: the open containers around, plus those open in this one.
          const deepest = this.maxDepth - this.stack.length + 1;
          for (; i < n; i++) {
            const b = chunk[i]!;
            if (b === QUOTE) break;
            if (b === 0x7b || b === 0x5b) {
              if (depth >= deepest)
                throw new JsonTooDeepError(`nested more than ${this.maxDepth} levels deep at byte offset ${this.base + i}`);
              depth++;
            } else if (b === 0x7d || b === 0x5d) {
              if (--depth === 0) break;
            } else if (b === 0x0a) {
              this.line++;
              this.lineStart = this.base + i + 1;
            }
          }
          this.cutDepth = depth;
          if (i === n) continue;
          if (depth === 0) this.closeContainer(this.base + i);
          else this.cutInString = true;
          i++;
          continue;
        }
        case Mode.String: {
          const quote = closingQuote();
          if (quote === -1) continue; // the rest of the chunk is string: kept below
          this.keep(chunk, segmentStart, quote);
          i = quote + 1;
          this.endString(this.base + quote);
          continue;
        }
        case Mode.Number:
        case Mode.Literal: {
          const b = chunk[i]!;
          if (isDelimiter(b)) {
            this.endToken(this.base + i);
            continue; // the delimiter is read in the next mode
          }
          if (this.token.length >= (this.mode === Mode.Number ? MAX_NUMBER_CHARS : 5))
            this.fail(
              this.mode === Mode.Number ? `a number of more than ${MAX_NUMBER_CHARS} characters` : "not a JSON value",
              this.base + i,
            );
          this.token += String.fromCharCode(b);
          i++;
          continue;
        }
        default:
          break;
      }
      const b = chunk[i]!;
      if (isWhitespace(b)) {
        if (b === 0x0a) {
          this.line++;
          this.lineStart = this.base + i + 1;
        }
        i++;
        continue;
      }
      const at = this.base + i;
      switch (this.mode) {
        case Mode.Value: {
          const top = this.stack[this.stack.length - 1];
          if (b === 0x7b) this.openContainer(true, at);
          else if (b === 0x5b) this.openContainer(false, at);
          else if (b === QUOTE) {
            this.startString(false);
            segmentStart = i + 1;
          } else if (b === 0x2d || (b >= 0x30 && b <= 0x39)) {
            this.mode = Mode.Number;
            this.token = String.fromCharCode(b);
          } else if (b === 0x74 || b === 0x66 || b === 0x6e) {
            this.mode = Mode.Literal;
            this.token = String.fromCharCode(b);
          } else if (b === 0x5d && top !== undefined && !top.object && top.first) this.closeContainer(at);
          else this.fail(`unexpected ${showByte(b)}${top === undefined ? "" : " where a value should be"}`, at);
          if (top !== undefined) top.first = false;
          break;
        }
        case Mode.AfterValue: {
          const top = this.stack[this.stack.length - 1]!;
          if (b === 0x2c) this.mode = top.object ? Mode.Key : Mode.Value;
          else if (b === (top.object ? 0x7d : 0x5d)) this.closeContainer(at);
          else this.fail(`unexpected ${showByte(b)} after a value (a comma or ${top.object ? '"}"' : '"]"'} should be there)`, at);
          break;
        }
        case Mode.Key: {
          const top = this.stack[this.stack.length - 1]!;
          if (b === QUOTE) {
            top.first = false;
            this.startString(true);
            segmentStart = i + 1;
          } else if (b === 0x7d && top.first) this.closeContainer(at);
          else this.fail(`unexpected ${showByte(b)} where a key should be`, at);
          break;
        }
        case Mode.Colon:
          if (b !== 0x3a) this.fail(`unexpected ${showByte(b)} after a key (":" should be there)`, at);
          this.mode = Mode.Value;
          break;
        case Mode.Done:
          this.fail(`unexpected ${showByte(b)} after the end of the JSON value`, at);
          break;
        default:
          break;
      }
      i++;
    }
    if (this.mode === Mode.String) this.keep(chunk, segmentStart, n);
    this.base += n;
  }

  /** The text is complete: a value cut short is a JsonSyntaxError. */
  end(): void {
    if (this.mode === Mode.Number || this.mode === Mode.Literal) this.endToken(this.base);
    if (this.mode !== Mode.Done)
      this.fail(
        this.base === 0 && this.stack.length === 0 ? "no JSON value" : "unexpected end of the file (the JSON value is cut short)",
        this.base,
      );
  }
}

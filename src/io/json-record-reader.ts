// One JSON document read as a stream of records, in bounded memory whatever its size (a dataset or
// an array of records past the 512 MB a string can hold). The streaming reader (json-stream.ts)
// skims each record (its strings and brackets followed, nothing else read: about 500 MB/s) and the
// record's bytes are cut out of the stream and handed over as text, to be parsed alone (JSON.parse of
// a record is fast; building it from the reader's events in JS is not). JSON.parse checks what the
// skim takes on trust: when the handler's parse of a record fails, or the file ends or nests too
// deep inside one, a strict read of the record's bytes names the fault as a strict read of the whole
// file would (the same reason, line and column). A record past the size limit is not parsed, so
// only its strings and brackets are checked. The caller says where the records are: the root itself,
// the items of the root array, or the items of some root members' arrays; outside records only the
// shape is read. Every fault is one named error naming `source`: not JSON (line and column), not
// UTF-8 (byte offset), nested too deep. A leading BOM is dropped. Browser-safe: Uint8Array and
// TextDecoder only.
import { ToolkitError } from "../errors.js";
import { MAX_JSON_DEPTH, tooDeepMessage } from "./json-depth.js";
import {
  JsonStreamReader,
  JsonSyntaxError,
  JsonTooDeepError,
  SKIPPED,
  TOO_LONG,
  type JsonScalar,
  type JsonVisitor,
} from "./json-stream.js";
import { MAX_LINE_BYTES } from "./ndjson-lines.js";
import { notUtf8Error } from "./utf8-offset.js";
import { concatBytes } from "./concat-bytes.js";

/** The largest record cut out (64 MiB, as an NDJSON line): a larger one is reported by its size, unread. */
export const MAX_RECORD_BYTES = MAX_LINE_BYTES;

export type ValueKind = "object" | "array" | "scalar";

/** One record: its JSON text and its byte offset (a container), its value (no container), or larger than the limit (not read: the limit). */
export type RecordRead = { text: string; offset: number } | { value: string | number | boolean | null } | { tooLarge: number };

export interface RecordHandler {
  /** The root value starts: it is one record, its items are (an array), its members' arrays hold them (an object), or none. */
  root(kind: ValueKind): "record" | "items" | "members" | "skip";
  /** A member of the root object starts (after root said "members"): "items" when its value's items are records (an array). */
  member(key: string | undefined, kind: ValueKind): "items" | "skip";
  /** A record: `list` is the member's key (undefined for the root array and the root), `index` its place in the list. */
  record(read: RecordRead, list: string | undefined, index: number): void;
}

export interface RecordReaderOptions {
  /** Records larger than this are reported by size, not read (default MAX_RECORD_BYTES). */
  maxRecordBytes?: number;
}

export interface RecordReader {
  write(chunk: Uint8Array): void;
  /** The document is complete: a document cut short is E_JSON_PARSE. */
  end(): void;
}

interface List {
  key: string | undefined;
  index: number;
}

const BOM = [0xef, 0xbb, 0xbf];

/** A visitor that reads nothing: the strict read of a record's bytes, for its syntax error. */
const SKIP_ALL: JsonVisitor = {
  open: () => false,
  close: () => undefined,
  key: () => undefined,
  stringLimit: () => 0,
  scalar: () => undefined,
};

/** Reads the document `source` names (for messages) and hands its records to `handler`. */
export function createRecordReader(source: string, handler: RecordHandler, options: RecordReaderOptions = {}): RecordReader {
  const maxRecordBytes = options.maxRecordBytes ?? MAX_RECORD_BYTES;
  const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  // The bytes between records are checked as UTF-8 too (a key, a skipped member), as a stream.
  const gaps = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

  // Where the reader is: the chunk being read and the offset of its first byte (after the BOM).
  let chunk: Uint8Array = new Uint8Array(0);
  let chunkBase = 0;
  /** Bytes of the file before what the reader sees (3 after a BOM): messages name offsets in the file. */
  let shift = 0;
  let head: Uint8Array | undefined = new Uint8Array(0);

  // The record being cut: where it starts, and its bytes from earlier chunks.
  let recordStart = -1;
  let recordList: List | undefined;
  let recordIndex = 0;
  let parts: Uint8Array[] = [];
  let partBytes = 0;
  let recordTooLarge = false;
  /** The line and column of the record's first byte: a syntax error found in its bytes alone is named in the file's. */
  let recordPlace = { line: 1, column: 1 };
  /** How many containers are open around it (the root array, a dataset and its list): the strict read's depth starts there. */
  let recordDepth = 0;
  /** Where the bytes not yet checked as UTF-8 start (outside records). */
  let gapStart = 0;

  const checkGap = (from: number, to: number): void => {
    const start = Math.max(from, chunkBase);
    if (to <= start) return;
    const bytes = chunk.subarray(start - chunkBase, to - chunkBase);
    try {
      gaps.decode(bytes, { stream: true });
    } catch {
      throw notUtf8Error(source, bytes, shift + start);
    }
  };

  const startRecord = (list: List | undefined, index: number): void => {
    checkGap(gapStart, reader.position);
    recordStart = reader.position;
    recordPlace = reader.place;
    recordDepth = stack.length;
    recordList = list;
    recordIndex = index;
    recordTooLarge = false;
  };

  const endRecord = (): void => {
    const end = reader.position + 1;
    const start = recordStart;
    recordStart = -1;
    gapStart = end;
    const list = recordList?.key;
    if (recordTooLarge || end - start > maxRecordBytes) {
      parts = [];
      partBytes = 0;
      handler.record({ tooLarge: maxRecordBytes }, list, recordIndex);
      return;
    }
    let bytes: Uint8Array;
    if (start >= chunkBase) bytes = chunk.subarray(start - chunkBase, end - chunkBase);
    else {
      parts.push(chunk.subarray(0, end - chunkBase));
      bytes = concatBytes(parts, partBytes + end - chunkBase);
      parts = [];
      partBytes = 0;
    }
    let text: string;
    try {
      text = strict.decode(bytes);
    } catch {
      throw notUtf8Error(source, bytes, shift + start);
    }
    try {
      handler.record({ text, offset: shift + start }, list, recordIndex);
    } catch (error) {
      // The record was skimmed, not read: what JSON.parse refused, the grammar names, where it is.
      throw syntaxErrorIn(bytes, recordPlace) ?? error;
    }
  };

  /** The error a strict read of a record's bytes meets first (named in the file's lines), if any. */
  const syntaxErrorIn = (bytes: Uint8Array, at: { line: number; column: number }): unknown => {
    const strict = new JsonStreamReader(SKIP_ALL, { maxDepth: MAX_JSON_DEPTH - recordDepth });
    try {
      strict.write(bytes);
      return undefined;
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) return undefined;
      const column = error.line === 1 ? at.column + error.column - 1 : error.column;
      return failure(new JsonSyntaxError(error.reason, at.line + error.line - 1, column, error.offset));
    }
  };

  // Entered containers: the root's members (an object) or a list of records (an array).
  const stack: Array<{ members: true; key: string | undefined } | (List & { members: false })> = [];
  let rootSeen = false;
  let rootPlace: "record" | "items" | "members" | "skip" = "skip";
  /** A container was declined where no record starts: its SKIPPED is no value to report. */
  let declined = false;

  const atRoot = (kind: ValueKind): "record" | "items" | "members" | "skip" => {
    rootSeen = true;
    rootPlace = handler.root(kind);
    return rootPlace;
  };

  const visitor: JsonVisitor = {
    open(kind) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        const place = atRoot(kind);
        if (place === "record") {
          startRecord(undefined, 0);
          return "cut";
        }
        if ((place === "items" && kind === "array") || (place === "members" && kind === "object")) {
          stack.push(place === "items" ? { members: false, key: undefined, index: 0 } : { members: true, key: undefined });
          return true;
        }
        declined = true;
        return false;
      }
      if (top.members) {
        if (handler.member(top.key, kind) === "items" && kind === "array") {
          stack.push({ members: false, key: top.key, index: 0 });
          return true;
        }
        declined = true;
        return false;
      }
      startRecord(top, top.index++);
      return "cut";
    },
    close() {
      stack.pop();
    },
    key(name) {
      const top = stack[stack.length - 1];
      if (top?.members === true) top.key = name;
    },
    stringLimit() {
      const top = stack[stack.length - 1];
      if (top === undefined) return atRoot("scalar") === "record" ? maxRecordBytes : 0;
      return top.members ? 0 : maxRecordBytes;
    },
    scalar(value: JsonScalar) {
      const top = stack[stack.length - 1];
      if (value === SKIPPED && declined) {
        declined = false;
        return;
      }
      if (value === SKIPPED && recordStart !== -1) return endRecord();
      if (top === undefined) {
        // A root string asked stringLimit already; a number or a literal is met here first.
        if (!rootSeen) atRoot("scalar");
        if (rootPlace === "record") handler.record(read(value), undefined, 0);
        return;
      }
      if (top.members) {
        handler.member(top.key, "scalar");
        return;
      }
      handler.record(read(value), top.key, top.index++);
    },
  };
  const reader = new JsonStreamReader(visitor);
  const read = (value: JsonScalar): RecordRead => {
    if (value === TOO_LONG) return { tooLarge: maxRecordBytes };
    // A number as written (JSON.parse of it gives the value): `1e400` is shown as sent, not as Infinity.
    if (typeof value === "number") return { text: reader.tokenText, offset: shift + reader.position - reader.tokenText.length };
    return { value: value === SKIPPED ? null : value };
  };

  const failure = (error: unknown): unknown => {
    if (error instanceof JsonSyntaxError)
      return new ToolkitError("E_JSON_PARSE", `${source} is not valid JSON: ${error.reason} at line ${error.line}, column ${error.column}`);
    if (error instanceof JsonTooDeepError) return new ToolkitError("E_JSON_TOO_DEEP", tooDeepMessage(source));
    return error;
  };
  /**
   * The reader's error as a ToolkitError; inside a skimmed record (too deep, or the file cut short)
   * a strict read of its bytes so far comes first, so a record broken earlier is named where it breaks.
   */
  const failed = (error: unknown): never => {
    if (recordStart !== -1 && !recordTooLarge) {
      const pieces = [...parts, chunk.subarray(Math.max(0, recordStart - chunkBase))];
      const seen = concatBytes(
        pieces,
        pieces.reduce((total, piece) => total + piece.length, 0),
      );
      throw syntaxErrorIn(seen, recordPlace) ?? failure(error);
    }
    throw failure(error);
  };

  const feed = (bytes: Uint8Array): void => {
    chunk = bytes;
    chunkBase = reader.offset;
    try {
      reader.write(bytes);
    } catch (error) {
      failed(error);
    }
    const end = chunkBase + bytes.length;
    if (recordStart === -1) {
      checkGap(gapStart, end);
      gapStart = end;
    } else if (!recordTooLarge) {
      const from = Math.max(recordStart, chunkBase);
      if (partBytes + end - from > maxRecordBytes) {
        recordTooLarge = true;
        parts = [];
        partBytes = 0;
      } else {
        parts.push(bytes.slice(from - chunkBase));
        partBytes += end - from;
      }
    }
    chunk = new Uint8Array(0);
  };

  return {
    write(bytes) {
      if (head === undefined) return feed(bytes);
      // The first bytes wait until it is known whether they start with a BOM.
      const joined = concatBytes([head, bytes], head.length + bytes.length);
      if (joined.length < BOM.length && joined.every((b, i) => b === BOM[i])) {
        head = joined;
        return;
      }
      head = undefined;
      const bom = BOM.every((b, i) => joined[i] === b);
      shift = bom ? BOM.length : 0;
      feed(bom ? joined.subarray(BOM.length) : joined);
    },
    end() {
      // Fewer bytes than a BOM, all of them its start: not JSON, as the reader will say.
      if (head !== undefined) {
        const rest = head;
        head = undefined;
        feed(rest);
      }
      try {
        reader.end();
        gaps.decode();
      } catch (error) {
        if (error instanceof TypeError) throw new ToolkitError("E_JSON_PARSE", `${source} is not valid UTF-8: it ends inside a character`);
        failed(error);
      }
    },
  };
}

// What `validate` computes from bytes (a file, standard input), in pieces of any size, whatever the
// size and format, in bounded memory:
//  - NDJSON line by line (src/io/ndjson-lines.ts, validate-ndjson.ts);
//  - a JSON document in memory when it is no larger than `streamAbove` (validate-document.ts), and
//    record by record past that (a string holds at most about 512 MB, and memory should not hold
//    even that: src/io/json-record-reader.ts, validate-record-stream.ts), with the same findings.
// Unless named, the format is told by the first line that is not blank: NDJSON when it is a JSON
// value on its own and more follows, or when it is a line of the fixtures' NDJSON; anything else is
// one document. Every fault is one named error. Pure: runs in browsers too.
import { ToolkitError } from "../errors.js";
import { decodeUtf8Portable } from "../io/decode-utf8-portable.js";
import { createRecordReader, MAX_RECORD_BYTES, type RecordReader } from "../io/json-record-reader.js";
import { createLineReader, type LineReader } from "../io/ndjson-lines.js";
import { parseJsonText } from "../io/parse-json-text.js";
import { createFindingSink } from "./finding-sink.js";
import type { Finding } from "./finding.js";
import { unwrapFixtureLine } from "./record-kind.js";
import { createNdjsonValidation, type NdjsonValidation } from "./validate-ndjson.js";
import { createRecordStreamValidation, type RecordStreamValidation } from "./validate-record-stream.js";
import { schemaFor, VALIDATE_SCHEMAS, validateAll, validateFolded, type Validation, type ValidateSchema } from "./validate-document.js";
import { concatBytes } from "../io/concat-bytes.js";

export type InputFormat = "json" | "ndjson";
/** What `validate --format` takes. */
export const INPUT_FORMATS: readonly InputFormat[] = ["json", "ndjson"];

/** A JSON document larger than this (64 MiB) is checked record by record, not held in memory. */
export const STREAM_ABOVE = 64 * 1024 * 1024;

export interface ValidateStreamOptions {
  /** The schema; undefined: a dataset is recognised, NDJSON records by their kind or properties. */
  schema?: ValidateSchema | undefined;
  /** The format; undefined: told by the first line. */
  format?: InputFormat | undefined;
  /** Warnings count as errors. */
  strict?: boolean | undefined;
  /** Keep every finding (`--all`, the report files) instead of folding them as they come. */
  all?: boolean | undefined;
  /** A JSON document larger than this many bytes is checked record by record (default STREAM_ABOVE). */
  streamAbove?: number | undefined;
  /** The longest NDJSON line and the largest record read when streaming (default 64 MiB). */
  maxRecordBytes?: number | undefined;
}

export interface StreamValidation extends Validation {
  format: InputFormat;
  /** True when a JSON document was checked record by record. */
  streamed: boolean;
  /** The folded lines (without `all`). */
  lines: string[];
  /** Every finding (with `all`). */
  findings: Finding[];
}

export interface ValidateStream {
  write(chunk: Uint8Array): void;
  /** The input is complete: the findings and the words for what it held. */
  end(): StreamValidation;
}

/** E_USAGE: a document that is no dataset needs its schema named. */
export const schemaNeeded = (): ToolkitError =>
  new ToolkitError(
    "E_USAGE",
    `--schema is required unless the file is a dataset {evaluations, human_evaluations} (one of: ${VALIDATE_SCHEMAS.join(", ")})`,
  );

const isBlank = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const BOM = [0xef, 0xbb, 0xbf];

/** Validates the bytes of `subject` (a file name or `standard input`, for messages) as they come. */
export function createValidateStream(subject: string, options: ValidateStreamOptions = {}): ValidateStream {
  const named = options.schema;
  const streamAbove = options.streamAbove ?? STREAM_ABOVE;
  const maxRecordBytes = options.maxRecordBytes ?? MAX_RECORD_BYTES;
  const sink = createFindingSink({ strict: options.strict, all: options.all });
  // Until the format is known (and while a document may still be held whole), the bytes wait here.
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let mode: "sniff" | "whole" | "lines" | "records" = options.format === "ndjson" ? "lines" : options.format === "json" ? "whole" : "sniff";
  let lines: { reader: LineReader; validation: NdjsonValidation } | undefined;
  let records: { reader: RecordReader; validation: RecordStreamValidation } | undefined;

  const release = (write: (chunk: Uint8Array) => void): void => {
    const waiting = held;
    held = [];
    heldBytes = 0;
    for (const chunk of waiting) write(chunk);
  };

  const toLines = (): void => {
    mode = "lines";
    const validation = createNdjsonValidation(sink, named);
    const reader = createLineReader(validation, maxRecordBytes);
    lines = { reader, validation };
    release((chunk) => reader.write(chunk));
  };

  const toRecords = (): void => {
    mode = "records";
    const validation = createRecordStreamValidation(subject, sink, named, schemaNeeded);
    const reader = createRecordReader(subject, validation, { maxRecordBytes });
    records = { reader, validation };
    release((chunk) => reader.write(chunk));
  };

  const sniffer = createSniffer(Math.min(maxRecordBytes, streamAbove));

  const hold = (chunk: Uint8Array): void => {
    held.push(chunk);
    heldBytes += chunk.length;
  };

  const decided = (format: InputFormat | undefined): void => {
    if (format === "ndjson") toLines();
    else if (format === "json") {
      mode = "whole";
      if (heldBytes > streamAbove) toRecords();
    }
  };

  if (mode === "lines") toLines();

  const result = (validation: Validation, format: InputFormat, streamed: boolean): StreamValidation => ({
    ...validation,
    format,
    streamed,
    lines: sink.lines(),
    findings: sink.findings(),
  });

  /** A document no larger than streamAbove, as validate has always read one. */
  const whole = (): StreamValidation => {
    const bytes = concatBytes(held, heldBytes);
    held = [];
    const text = decodeUtf8Portable(bytes, subject);
    const document = parseJsonText(text, subject);
    const schema = schemaFor(document, named);
    if (schema === undefined) throw schemaNeeded();
    const input = { document, schema, strict: options.strict === true, text };
    if (options.all === true) {
      const { findings, ...validation } = validateAll(input);
      return { ...validation, format: "json", streamed: false, lines: [], findings };
    }
    const { lines: folded, ...validation } = validateFolded(input);
    return { ...validation, format: "json", streamed: false, lines: folded, findings: [] };
  };

  const counts = (): Pick<Validation, "errors" | "warnings" | "conforms"> => ({
    errors: sink.errors,
    warnings: sink.warnings,
    conforms: sink.errors === 0,
  });

  return {
    write(chunk) {
      if (chunk.length === 0) return;
      switch (mode) {
        case "lines":
          return lines!.reader.write(chunk);
        case "records":
          return records!.reader.write(chunk);
        case "whole":
          hold(chunk);
          if (heldBytes > streamAbove) toRecords();
          return;
        case "sniff":
          hold(chunk);
          // Blank lines after a first line of JSON: a document, as far as one can tell.
          return decided(sniffer.write(chunk) ?? (heldBytes > streamAbove ? "json" : undefined));
      }
    },
    end() {
      if (mode === "sniff") decided(sniffer.end() ?? "json");
      if (mode === "lines") {
        lines!.reader.end();
        const { validation } = lines!;
        return result({ schema: validation.schema(), records: validation.records(), ...counts() }, "ndjson", false);
      }
      if (mode === "records") {
        records!.reader.end();
        const { validation } = records!;
        validation.finish();
        return result({ schema: validation.schema(), records: validation.records(), ...counts() }, "json", true);
      }
      return whole();
    },
  };
}

/**
 * Tells the format from the first line that is not blank, reading the bytes as they come (never
 * more than `limit` of that line): undefined while it cannot tell yet.
 */
function createSniffer(limit: number): { write(chunk: Uint8Array): InputFormat | undefined; end(): InputFormat | undefined } {
  const decoder = new TextDecoder();
  let offset = 0;
  /** 0: before the first byte that is not blank; 1: in that line; 2: after it, before the next byte that is not blank. */
  let phase: 0 | 1 | 2 = 0;
  let line: Uint8Array[] = [];
  let lineBytes = 0;
  let decision: InputFormat | undefined;

  /** The first line is complete: JSON on its own or not. */
  const judge = (ended: boolean): InputFormat | undefined => {
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(concatBytes(line, lineBytes))) as unknown;
    } catch {
      return "json";
    }
    line = [];
    if (unwrapFixtureLine(value) !== undefined) return "ndjson";
    return ended ? "json" : undefined;
  };

  const write = (chunk: Uint8Array): InputFormat | undefined => {
    if (decision !== undefined) return decision;
    let i = 0;
    const n = chunk.length;
    while (i < n && decision === undefined) {
      if (phase === 0) {
        const b = chunk[i]!;
        const inBom = offset + i < BOM.length && b === BOM[offset + i];
        if (isBlank(b) || inBom) {
          i++;
          continue;
        }
        phase = 1;
        continue;
      }
      if (phase === 1) {
        const newline = chunk.indexOf(0x0a, i);
        const end = newline === -1 ? n : newline;
        line.push(chunk.subarray(i, end));
        lineBytes += end - i;
        if (lineBytes > limit) {
          decision = "json";
          break;
        }
        if (newline === -1) {
          i = n;
          continue;
        }
        decision = judge(false);
        phase = 2;
        i = newline + 1;
        continue;
      }
      if (isBlank(chunk[i]!)) i++;
      else decision = "ndjson";
    }
    offset += n;
    return decision;
  };

  return {
    write,
    end() {
      if (decision !== undefined) return decision;
      if (phase === 1) return judge(true);
      return "json";
    },
  };
}

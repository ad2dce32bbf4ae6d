// The text of a fixtures file, produced piece by piece so that any size streams in constant memory.
//
// json: one document `{"evaluations": [...], "human_evaluations": [...]}` with one record per
//   line (valid JSON, diff-friendly, and what the mock server loads);
// ndjson: one line per record, `{"kind":"evaluation"|"human_evaluation","record":{...}}`.
//
// Two packings of the same parts: `fixtureText` (strings, for any sink) and `fixtureBytes`
// (UTF-8 chunks, for byte streams: what the CLI writes). Each part is encoded into the chunk as
// soon as it is made, while it is young: concatenating 64 K characters of records first made
// ropes of thousands of parts that outlived a scavenge each and were flattened again on write
// (a third of a run's time in a profile of 300,000 records).
import type { GeneratedRecord } from "./records.js";
import { recordJson } from "./record-json.js";

export type OutputFormat = "json" | "ndjson";
export const OUTPUT_FORMATS: readonly OutputFormat[] = ["json", "ndjson"];

/** Characters per piece: big enough to make writes cheap, small enough to keep memory flat. */
const PIECE_CHARS = 1 << 16;
/** Bytes per chunk of `fixtureBytes`. */
const CHUNK_BYTES = 1 << 16;

export interface TextOptions {
  format: OutputFormat;
  /** Records from the realistic generator (fast serializer) or from anywhere else (JSON.stringify). */
  realistic: boolean;
  /** Called after every `progressEvery` records with the count so far. */
  onProgress?: (records: number) => void;
  progressEvery?: number;
}

const NDJSON_PREFIX = { evaluation: '{"kind":"evaluation","record":', human_evaluation: '{"kind":"human_evaluation","record":' } as const;

/** The parts of the file in order, one or two per record; their concatenation is the whole file. */
function* fixtureParts(records: Iterable<GeneratedRecord>, options: TextOptions): Generator<string, number, undefined> {
  const every = options.progressEvery ?? 10_000;
  const { onProgress, realistic } = options;
  const json = options.format === "json";
  if (json) yield '{\n  "evaluations": [';
  let count = 0;
  let inKind: GeneratedRecord["kind"] = "evaluation";
  let firstOfKind = true;
  for (const item of records) {
    const text = recordJson(item, realistic);
    if (!json) {
      yield `${NDJSON_PREFIX[item.kind]}${text}}\n`;
    } else {
      if (item.kind !== inKind) {
        yield `${firstOfKind ? "" : "\n  "}],\n  "human_evaluations": [`;
        inKind = item.kind;
        firstOfKind = true;
      }
      yield `${firstOfKind ? "" : ","}\n    ${text}`;
      firstOfKind = false;
    }
    count++;
    if (onProgress && count % every === 0) onProgress(count);
  }
  if (json) {
    if (inKind === "evaluation") {
      yield `${firstOfKind ? "" : "\n  "}],\n  "human_evaluations": [`;
      firstOfKind = true;
    }
    yield `${firstOfKind ? "" : "\n  "}]\n}\n`;
  }
  onProgress?.(count);
  return count;
}

/** Pieces of text whose concatenation is the whole file; `records` yields all evaluations first. */
export function* fixtureText(records: Iterable<GeneratedRecord>, options: TextOptions): Generator<string, number, undefined> {
  const parts = fixtureParts(records, options);
  let piece = "";
  for (let next = parts.next(); ; next = parts.next()) {
    if (next.done === true) {
      if (piece.length > 0) yield piece;
      return next.value;
    }
    piece += next.value;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
}

/** The same file as `fixtureText`, as UTF-8 chunks of about 64 KB (each a fresh Buffer the caller may keep). */
export function* fixtureBytes(records: Iterable<GeneratedRecord>, options: TextOptions): Generator<Uint8Array, number, undefined> {
  const parts = fixtureParts(records, options);
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  for (let next = parts.next(); ; next = parts.next()) {
    if (next.done === true) {
      if (used > 0) yield chunk.subarray(0, used);
      return next.value;
    }
    const part = next.value;
    // A UTF-8 encoding is at most 3 bytes per UTF-16 unit: check the bound, never measure.
    if (used + part.length * 3 > CHUNK_BYTES) {
      if (used > 0) yield chunk.subarray(0, used);
      chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      used = 0;
      if (part.length * 3 > CHUNK_BYTES) {
        yield Buffer.from(part, "utf8");
        continue;
      }
    }
    used += chunk.write(part, used, "utf8");
  }
}

// The text of a fixtures file, produced piece by piece so that any size streams in constant memory.
//
// json: one document `{"evaluations": [...], "human_evaluations": [...]}` with one record per
//   line (valid JSON, diff-friendly, and what the mock server loads);
// ndjson: one line per record, `{"kind":"evaluation"|"human_evaluation","record":{...}}`.
import type { GeneratedRecord } from "./records.js";
import { recordJson } from "./record-json.js";

export type OutputFormat = "json" | "ndjson";
export const OUTPUT_FORMATS: readonly OutputFormat[] = ["json", "ndjson"];

/** Characters per piece: big enough to make writes cheap, small enough to keep memory flat. */
const PIECE_CHARS = 1 << 16;

export interface TextOptions {
  format: OutputFormat;
  /** Records from the realistic generator (fast serializer) or from anywhere else (JSON.stringify). */
  realistic: boolean;
  /** Called after every `progressEvery` records with the count so far. */
  onProgress?: (records: number) => void;
  progressEvery?: number;
}

/** Pieces of text whose concatenation is the whole file; `records` yields all evaluations first. */
export function* fixtureText(records: Iterable<GeneratedRecord>, options: TextOptions): Generator<string, number, undefined> {
  const every = options.progressEvery ?? 10_000;
  let piece = options.format === "json" ? '{\n  "evaluations": [' : "";
  let count = 0;
  let inKind: GeneratedRecord["kind"] = "evaluation";
  let firstOfKind = true;
  for (const item of records) {
    const json = recordJson(item, options.realistic);
    if (options.format === "ndjson") {
      piece += `{"kind":"${item.kind}","record":${json}}\n`;
    } else {
      if (item.kind !== inKind) {
        piece += `${firstOfKind ? "" : "\n  "}],\n  "human_evaluations": [`;
        inKind = item.kind;
        firstOfKind = true;
      }
      piece += `${firstOfKind ? "" : ","}\n    ${json}`;
      firstOfKind = false;
    }
    count++;
    if (options.onProgress && count % every === 0) options.onProgress(count);
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
  if (options.format === "json") {
    if (inKind === "evaluation") {
      piece += `${firstOfKind ? "" : "\n  "}],\n  "human_evaluations": [`;
      firstOfKind = true;
    }
    piece += `${firstOfKind ? "" : "\n  "}]\n}\n`;
  }
  if (piece.length > 0) yield piece;
  options.onProgress?.(count);
  return count;
}

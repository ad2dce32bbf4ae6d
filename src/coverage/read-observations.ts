// The coverage command's inputs, each file recognised by its content: NDJSON observations (`mock
// --record`, MSW's record option), a HAR file, or a `verify --json` or `fuzz --json` report (their
// `observations`). Anything else is one E_COVERAGE_INPUT line naming the file and why.
//
// Files are streamed (observation-reader.ts), never read whole, and every input is bounded: at most 4
// GiB read from one input (a symlink to /dev/zero or a FIFO fed by `yes` ends there, if nothing
// refused it first), strict UTF-8 checked as it is read (the byte offset of a malformed byte), and
// the observations folded as they come (alike ones counted: createObservationFolder), at most 64 MiB
// of distinct ones. A 1 GiB HAR file is read in the memory of one of its entries.
import { createReadStream } from "node:fs";
import { isUtf8 } from "node:buffer";
import { ToolkitError } from "../errors.js";
import { invalidUtf8Offset } from "../io/decode-utf8.js";
import { createObservationFolder, observationLine, type Observation } from "./observation.js";
import type { HarEntryFields } from "./har.js";
import {
  coverageInputError,
  createHarEntryReader,
  createObservationReader,
  listCollector,
  observationFault,
  type ObservationCollector,
} from "./observation-reader.js";
import type { CoverageInput } from "./tally.js";

export { observationFault };

/** The most bytes read from one coverage input. */
export const MAX_COVERAGE_INPUT_BYTES = 4 * 1024 ** 3;
/** The most distinct (folded) observations kept from one input, in bytes of their lines. */
export const MAX_DISTINCT_OBSERVATION_BYTES = 64 * 1024 ** 2;

/** `4 GiB`, `64 MiB`, `4 KiB`, or bytes. */
function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ["GiB", 1024 ** 3],
    ["MiB", 1024 ** 2],
    ["KiB", 1024],
  ] as const)
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  return `${bytes.toLocaleString("en-US")} bytes`;
}

/** One file's observations and what it was, from its whole text (in memory; files are streamed by readObservationFiles). */
export function parseObservations(text: string, file: string): { input: CoverageInput; observations: Observation[] } {
  const reader = createObservationReader(file, listCollector);
  reader.write(new TextEncoder().encode(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  return reader.end();
}

/** A folder that refuses to keep more than `maxBytes` of distinct observations. */
function boundedFolder(file: string, maxBytes: number): ObservationCollector {
  const folder = createObservationFolder();
  let bytes = 0;
  return {
    add(observation) {
      const before = folder.size;
      folder.add(observation);
      if (folder.size === before) return;
      bytes += observationLine(observation).length;
      if (bytes > maxBytes)
        throw coverageInputError(
          file,
          `more than ${sizeText(maxBytes)} of distinct observations (folded, alike ones counted): not read further`,
        );
    },
    list: () => folder.values(),
  };
}

const fileError = (file: string, error: NodeJS.ErrnoException): ToolkitError => {
  if (error.code === "ENOENT") return new ToolkitError("E_FILE_NOT_FOUND", `file not found: ${file}`);
  if (error.code === "EISDIR") return new ToolkitError("E_FILE_UNREADABLE", `${file} is a directory, not a file`);
  return new ToolkitError("E_FILE_UNREADABLE", `cannot read ${file}: ${error.message}`);
};

/**
 * Hands `file`'s bytes to `take` as they are read: strict UTF-8 (E_JSON_PARSE with the offset of a
 * malformed byte, a sequence cut between two reads carried over), a leading BOM dropped, at most
 * `maxBytes` (E_COVERAGE_INPUT past it).
 */
export async function streamInputFile(file: string, maxBytes: number, take: (chunk: Uint8Array) => void): Promise<void> {
  let read = 0;
  let checked = 0;
  let carry: Buffer | undefined;
  const check = (bytes: Buffer, last: boolean): void => {
    // A multi-byte sequence cut at the end of this read is checked with the next one.
    let cut = bytes.length;
    if (!last)
      for (let back = 1; back <= 3 && back <= bytes.length; back++) {
        const b = bytes[bytes.length - back]!;
        if ((b & 0xc0) === 0x80) continue;
        const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        if (length > back) cut = bytes.length - back;
        break;
      }
    const whole = bytes.subarray(0, cut);
    if (!isUtf8(whole)) {
      const at = invalidUtf8Offset(whole) ?? 0;
      const hex = (whole[at] ?? 0).toString(16).padStart(2, "0");
      throw new ToolkitError("E_JSON_PARSE", `${file} is not valid UTF-8: malformed byte 0x${hex} at byte offset ${checked + at}`);
    }
    checked += cut;
    carry = cut < bytes.length ? Buffer.from(bytes.subarray(cut)) : undefined;
  };
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > maxBytes)
        throw coverageInputError(file, `larger than ${sizeText(maxBytes)} (the most read of one coverage input): not read further`);
      let bytes = chunk;
      if (read === chunk.length && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        bytes = bytes.subarray(3);
        checked += 3;
      }
      check(carry === undefined ? bytes : Buffer.concat([carry, bytes]), false);
      take(bytes);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof ToolkitError) throw error;
    throw fileError(file, error as NodeJS.ErrnoException);
  }
  if (carry !== undefined) check(carry, true);
}

/**
 * Streams a HAR file of any size (at most 4 GiB, strict UTF-8) and hands each entry to `onEntry`, the
 * response text kept for a GET of a service path answered 200 (`snapshot --har`). E_FILE_NOT_FOUND,
 * E_FILE_UNREADABLE, E_JSON_PARSE, E_COVERAGE_INPUT (not a HAR file), E_JSON_TOO_DEEP.
 */
export async function readHarEntries(file: string, onEntry: (entry: HarEntryFields) => void): Promise<void> {
  const reader = createHarEntryReader(file, onEntry);
  await streamInputFile(file, MAX_COVERAGE_INPUT_BYTES, (chunk) => reader.write(chunk));
  reader.end();
}

export interface ReadObservationsOptions {
  /** The most bytes read from one input (default 4 GiB). */
  maxInputBytes?: number;
  /** The most distinct observations kept from one input, in bytes of their lines (default 64 MiB). */
  maxDistinctBytes?: number;
}

/**
 * Reads and recognises each file (E_FILE_NOT_FOUND, E_FILE_UNREADABLE, E_JSON_PARSE, E_JSON_TOO_DEEP,
 * E_COVERAGE_INPUT), streamed. The observations come back folded (alike ones one line with a count,
 * the first request kept), which the tally counts as it counts them one by one.
 */
export async function readObservationFiles(
  files: readonly string[],
  options: ReadObservationsOptions = {},
): Promise<{ inputs: CoverageInput[]; observations: Observation[] }> {
  const maxInputBytes = options.maxInputBytes ?? MAX_COVERAGE_INPUT_BYTES;
  const maxDistinctBytes = options.maxDistinctBytes ?? MAX_DISTINCT_OBSERVATION_BYTES;
  const inputs: CoverageInput[] = [];
  const all = createObservationFolder();
  for (const file of files) {
    const reader = createObservationReader(file, () => boundedFolder(file, maxDistinctBytes));
    await streamInputFile(file, maxInputBytes, (chunk) => reader.write(chunk));
    const parsed = reader.end();
    inputs.push(parsed.input);
    for (const observation of parsed.observations) all.add(observation);
  }
  return { inputs, observations: all.values() };
}

// Streams a fixtures run to a writable (a file or stdout), respecting backpressure, so memory
// stays flat whatever the size. The CLI and the benchmark both write through here.
import type { TextSink } from "../io/text-sink.js";
import { fixtureBytes, fixtureText } from "./fixture-text.js";
import type { FixtureRun } from "./fixture-run-options.js";
import type { FixtureRecords } from "./fixture-run.js";
import { resolveOptions } from "./options.js";
import { generateRecords } from "./records.js";

export interface WriteSummary {
  records: number;
}

export interface WriteOptions {
  /** Progress callback: records written so far, and the total. */
  onProgress?: (records: number, total: number) => void;
  /** Stops the run before the next piece (or while waiting for the reader) with the signal's reason. */
  signal?: AbortSignal;
}

export async function writeFixtures(run: FixtureRun, out: TextSink, options: WriteOptions = {}): Promise<WriteSummary> {
  const { records, total, realistic } = await recordsOf(run);
  const { onProgress, signal } = options;
  const textOptions = { format: run.format, realistic, onProgress: onProgress && ((n: number) => onProgress(n, total)) };
  // A Node byte stream (a file, stdout) gets UTF-8 chunks: encoding each record as it is made is
  // cheaper than handing the stream 64 K-character strings to flatten and encode (same bytes).
  const pieces: Iterable<string | Uint8Array> = takesBytes(out) ? fixtureBytes(records, textOptions) : fixtureText(records, textOptions);
  const sink = out as TextSink & { write(chunk: string | Uint8Array): boolean };
  // An error can arrive between writes (EPIPE, ENOSPC): keep it, stop at the next piece.
  let failure: Error | undefined;
  const onError = (error: Error): void => {
    failure ??= error;
  };
  out.on("error", onError);
  try {
    for (const piece of pieces) {
      signal?.throwIfAborted();
      if (failure) throw failure;
      if (!sink.write(piece)) await drained(out, signal);
    }
    if (failure) throw failure;
  } finally {
    out.off("error", onError);
  }
  return { records: total };
}

/** The realistic stream, or (loaded only when asked for) the schema-space one. */
async function recordsOf(run: FixtureRun): Promise<FixtureRecords> {
  if (run.mode !== "realistic") return (await import("./fixture-run.js")).fixtureRecords(run);
  const resolved = resolveOptions(run);
  return { records: generateRecords(resolved), total: resolved.evaluations + resolved.humanEvaluations, realistic: true };
}

/** A Node writable in byte mode (what `fs.createWriteStream` and process.stdout are) takes Uint8Array chunks. */
const takesBytes = (out: TextSink): boolean => (out as { writableObjectMode?: unknown }).writableObjectMode === false;

function drained(out: TextSink, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown): void => {
      out.off("drain", onDrain);
      out.off("error", onFail);
      out.off("close", onClose);
      signal?.removeEventListener("abort", onAbort);
      if (error) reject(error as Error);
      else resolve();
    };
    const onDrain = (): void => done();
    const onFail = (error: Error): void => done(error);
    const onClose = (): void => done(Object.assign(new Error("output closed before the end"), { code: "EPIPE" }));
    // A reader that never drains (a stuck disk) must not make the run unstoppable.
    const onAbort = (): void => done(signal!.reason);
    out.on("drain", onDrain);
    out.on("error", onFail);
    out.on("close", onClose);
    signal?.addEventListener("abort", onAbort);
  });
}

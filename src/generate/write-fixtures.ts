// Streams a fixtures run to a writable (a file or stdout), respecting backpressure, so memory
// stays flat whatever the size. The CLI and the benchmark both write through here.
import type { TextSink } from "../io/text-sink.js";
import { fixtureText } from "./fixture-text.js";
import { fixtureRecords, type FixtureRun } from "./fixture-run.js";

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
  const { records, total, realistic } = fixtureRecords(run);
  const { onProgress, signal } = options;
  const pieces = fixtureText(records, { format: run.format, realistic, onProgress: onProgress && ((n) => onProgress(n, total)) });
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
      if (!out.write(piece)) await drained(out, signal);
    }
    if (failure) throw failure;
  } finally {
    out.off("error", onError);
  }
  return { records: total };
}

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

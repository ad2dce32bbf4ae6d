// The streams a command writes to; tests pass in-memory ones.
import { once } from "node:events";

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** What `validate -` reads; default process.stdin. */
  stdin?: AsyncIterable<Uint8Array | string>;
  /**
   * Resolves when the user asks to stop (Ctrl-C, SIGTERM). Long-running commands (servers) call it;
   * it installs the signal handlers on first call, so short commands keep the default Ctrl-C.
   */
  waitForInterrupt?: () => Promise<void>;
}

/** A stream that was closed (its reader went away) takes no more lines: they are dropped, not thrown. */
const isClosed = (stream: NodeJS.WritableStream): boolean => {
  const s = stream as NodeJS.WritableStream & { destroyed?: boolean; writableEnded?: boolean };
  return s.destroyed === true || s.writableEnded === true;
};

export const writeLine = (stream: NodeJS.WritableStream, line = ""): void => {
  if (!isClosed(stream)) stream.write(`${line}\n`);
};

/**
 * A line writer for a busy server's log: lines written within one turn of the event loop go out in
 * one write (one system call instead of one per request), in order; `flush` writes what is left.
 */
export function createLineLog(stream: NodeJS.WritableStream): { log: (line: string) => void; flush: () => void } {
  let pending = "";
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending === "") return;
    const text = pending;
    pending = "";
    if (!isClosed(stream)) stream.write(text);
  };
  return {
    log(line) {
      pending += `${line}\n`;
      if (pending.length > 64 * 1024) return flush();
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

/** Writes many lines in chunks, waiting whenever the stream is full (a million findings stay bounded). */
export async function writeLines(stream: NodeJS.WritableStream, lines: Iterable<string>): Promise<void> {
  let chunk = "";
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length < 64 * 1024) continue;
    if (isClosed(stream)) return;
    const full = !stream.write(chunk);
    chunk = "";
    if (full) await once(stream, "drain");
  }
  if (chunk !== "" && !isClosed(stream)) stream.write(chunk);
}

/** Resolves on the first Ctrl-C or SIGTERM; installs the handlers only when called. */
export const waitForSignal = (): Promise<void> =>
  new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });

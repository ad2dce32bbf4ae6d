// The guarded reader of an input that must be a plain file of bounded size (`--baseline FILE`,
// `fuzz --replay REPORT`): only a regular file is read, and at most `maxBytes` of it. A directory,
// a device (`/dev/zero` would grow without end), a FIFO (nobody may ever write it) or a socket is
// refused without reading a byte; so is a file past the cap. The file is opened without blocking
// (O_NONBLOCK: opening a FIFO no writer holds returns at once) and judged by fstat on the opened
// descriptor, so what is checked is what is read (no window between a stat and the open). Every
// fault is one ToolkitError: E_FILE_NOT_FOUND, or E_FILE_UNREADABLE with the reason apart
// (`reason`) for callers that name the input their own way.
import { constants, type Stats } from "node:fs";
import { open, stat, type FileHandle } from "node:fs/promises";
import { ToolkitError } from "../errors.js";
import { specialFileKind } from "./file-kind.js";

/** The default cap: 64 MiB, far above a baseline of 300,000 entries or a fuzz report (docs/limits.md). */
export const MAX_INPUT_FILE_BYTES = 64 * 1024 * 1024;

/** A fault reading `path`, with the reason alone (`is a FIFO (named pipe), not a regular file`). */
export class InputFileError extends ToolkitError {
  constructor(
    code: "E_FILE_NOT_FOUND" | "E_FILE_UNREADABLE",
    readonly path: string,
    readonly reason: string,
    cause?: unknown,
  ) {
    super(code, `${path}: ${reason}`, { cause });
  }
}

const mib = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes.toLocaleString("en-US")} bytes`;

const notRegular = (path: string, stats: Stats): InputFileError =>
  new InputFileError(
    "E_FILE_UNREADABLE",
    path,
    `is ${specialFileKind(stats) ?? "not a regular file"}, not a regular file (only a regular file is read)`,
  );

const tooLarge = (path: string, maxBytes: number): InputFileError =>
  new InputFileError("E_FILE_UNREADABLE", path, `is larger than ${mib(maxBytes)} (the limit for this input, docs/limits.md)`);

/** Opening failed: missing, or refused (a socket cannot be opened: say it is one). */
async function openError(path: string, error: unknown): Promise<InputFileError> {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return new InputFileError("E_FILE_NOT_FOUND", path, "no such file", error);
  const stats = await stat(path).catch(() => undefined);
  if (stats !== undefined && !stats.isFile()) return notRegular(path, stats);
  return new InputFileError("E_FILE_UNREADABLE", path, `cannot be read: ${(error as Error).message}`, error);
}

/** The bytes of the regular file `path`, at most `maxBytes` of them (one more is read to tell a file past the cap). */
export async function readRegularFile(path: string, maxBytes = MAX_INPUT_FILE_BYTES): Promise<Buffer> {
  let handle: FileHandle;
  try {
    // O_NONBLOCK: a FIFO opens at once instead of waiting for a writer (it is refused below).
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw await openError(path, error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw notRegular(path, stats);
    if (stats.size > maxBytes) throw tooLarge(path, maxBytes);
    // The file may grow between fstat and the reads: read at most maxBytes + 1, whatever fstat said.
    let buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) throw tooLarge(path, maxBytes);
        const grown = Buffer.alloc(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) return buffer.subarray(0, length);
      length += bytesRead;
    }
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    throw new InputFileError("E_FILE_UNREADABLE", path, `cannot be read: ${(error as Error).message}`, error);
  } finally {
    await handle.close();
  }
}

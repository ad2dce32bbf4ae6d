// `mock --record FILE`: each answered request's observation, one JSON line each (NDJSON), for
// `evals-contract coverage`. The file is an output, and it is never allowed to cost an input or an
// earlier recording for nothing:
//  - checked before the mock starts (a directory, device, FIFO or dangling symlink refused, the data
//    file refused whatever path leads to it), but replaced only once the mock listens: a busy port
//    leaves the previous recording as it was;
//  - written every 50 ms or 256 KB (the lines joined, one write each), each observation's line made
//    once (kept answers hand out the same observation);
//  - before each write, the path is checked to still be the file being written: a recording deleted
//    (or moved away) while the mock runs is opened anew at its path, said once in the mock's log,
//    instead of filling an unlinked inode nobody can read.
import type { FileHandle } from "node:fs/promises";
import { open, stat, writeFile } from "node:fs/promises";
import { observationLine, type Observation } from "../coverage/observation.js";
import { ToolkitError, isToolkitError } from "../errors.js";
import { refuseOutputOverInput, type NamedPath } from "../io/same-file.js";
import { assertWritable } from "../io/write-file-atomic.js";

/** How often the recording is written, and past how many pending characters at once. */
const FLUSH_MS = 50;
const FLUSH_BYTES = 256 * 1024;

export interface Recording {
  /** Queues one observation's line (written within 50 ms, or at once past 256 KB pending). */
  write(observation: Observation): void;
  /** Replaces the file (call once the mock listens); lines written before are kept for it. */
  start(): Promise<void>;
  /** Writes what is pending and closes the file; E_OUTPUT_WRITE when a write failed. */
  close(): Promise<void>;
}

const writeError = (path: string, error: unknown): ToolkitError =>
  isToolkitError(error) ? error : new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: ${(error as Error).message}`, { cause: error });

/**
 * Checks `path` as a recording target (nothing is written yet): E_OUTPUT_WRITE for what cannot be
 * written, E_USAGE when it is one of `inputs` (the data file).
 */
export async function prepareRecording(path: string, inputs: readonly NamedPath[], log: (line: string) => void): Promise<Recording> {
  const guard = async (): Promise<void> => {
    await assertWritable(path, true);
    await refuseOutputOverInput([{ name: "the record file", path }], inputs);
  };
  await guard();

  let handle: FileHandle | undefined;
  let identity: { dev: number; ino: number } | undefined;
  let failed: ToolkitError | undefined;
  let closed = false;
  const lines = new WeakMap<Observation, string>();
  let pending = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let draining: Promise<void> | undefined;

  const openAt = async (flags: "w" | "a"): Promise<void> => {
    handle = await open(path, flags);
    const info = await handle.stat();
    identity = { dev: info.dev, ino: info.ino };
  };

  /** The file at `path` is still the one open: else (deleted, moved away, replaced) it is opened anew. */
  const current = async (): Promise<void> => {
    const now = await stat(path).catch(() => undefined);
    if (now !== undefined && identity !== undefined && now.dev === identity.dev && now.ino === identity.ino) return;
    const old = handle;
    handle = undefined;
    await old?.close().catch(() => undefined);
    log(
      `recording: ${path} was ${now === undefined ? "deleted" : "replaced by another file"} while the mock ran; recording into ${path} again from here on (what was in the old file is gone with it)`,
    );
    // The same checks as at start: a directory or the data file now at the path is never written.
    await guard();
    await openAt("a");
  };

  /**
   * Writes what is pending, one write at a time, in order (what comes meanwhile joins the next one);
   * a drain in progress is joined. The promise is stored before its body runs: a body that finds
   * nothing to write must not clear `draining` before it is set (a stale, settled `draining` would
   * make every later drain, the one at close included, write nothing).
   */
  const drain = (): Promise<void> => {
    if (draining !== undefined) return draining;
    draining = (async () => {
      // After the assignment above: the `finally` below must never run before it.
      await Promise.resolve();
      try {
        while (pending !== "" && failed === undefined && handle !== undefined) {
          const text = pending;
          pending = "";
          try {
            await current();
            await handle!.writeFile(text);
          } catch (error) {
            failed = writeError(path, error);
            log(`recording stopped: ${failed.message}`);
          }
        }
      } finally {
        draining = undefined;
      }
    })();
    return draining;
  };

  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (failed !== undefined) pending = "";
    else if (handle !== undefined) void drain();
  };

  return {
    write(observation) {
      if (closed || failed !== undefined) return;
      let line = lines.get(observation);
      if (line === undefined) lines.set(observation, (line = observationLine(observation)));
      pending += line;
      // At most one write per FLUSH_MS, or per FLUSH_BYTES under load: a busy mock makes few syscalls.
      if (pending.length >= FLUSH_BYTES) flush();
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
    async start() {
      try {
        // Checked again: the mock took a while to listen, and the path may have changed meanwhile.
        await guard();
        // Emptied, then opened to append: every write lands at the end, whatever the handle's position.
        await writeFile(path, "");
        await openAt("a");
      } catch (error) {
        closed = true;
        throw writeError(path, error);
      }
      if (pending !== "") flush();
    },
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (handle !== undefined) {
        await draining;
        await drain();
        await handle.close().catch((error: unknown) => (failed ??= writeError(path, error)));
        handle = undefined;
      }
      if (failed !== undefined) throw failed;
    },
  };
}

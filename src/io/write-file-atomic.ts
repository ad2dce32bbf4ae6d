// Writes a file atomically: into a temporary file in the same directory, flushed to disk, then
// moved into place. Readers never see half a file, and a failed run leaves no debris. Without
// `force` an existing file is never replaced, not even one created while we were writing.
//
// Only regular files are ever replaced: a device (/dev/null), a FIFO, a socket or a directory at
// the path is refused, --force or not, and left untouched (renaming over /dev/null as root would
// replace the device with a file). A symlink is written through: the regular file it points to is
// replaced and the link kept; a link to anything else, or to nothing, is refused.
//
// Temporary files are named `.NAME.evals-contract-tmp-PID-RANDOM`. A run killed mid-write
// (SIGKILL, power loss) leaves one behind: the next write to the same path removes those whose
// process is gone.
import { randomBytes } from "node:crypto";
import { createWriteStream, type Stats } from "node:fs";
import { link, lstat, mkdir, readdir, realpath, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { ToolkitError, isToolkitError } from "../errors.js";
import { specialFileKind } from "./file-kind.js";

const errnoCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

export const TEMP_MARK = ".evals-contract-tmp-";

const statOrMissing = async (path: string, follow: boolean): Promise<Stats | undefined> => {
  try {
    return await (follow ? stat(path) : lstat(path));
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
};

const outputExists = (path: string): ToolkitError =>
  new ToolkitError("E_OUTPUT_EXISTS", `${path} already exists (use --force to overwrite it)`);

const refuse = (path: string, what: string): ToolkitError =>
  new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: it is ${what} (only regular files are written or overwritten)`);

/**
 * Refuses, before a long run starts, an output that cannot or must not be written: a directory, a
 * device, a FIFO, a socket, a dangling symlink, a file in a folder that does not exist (unless
 * `createFolders`), an existing file without `force`. Returns the real path to write (a symlink's target).
 */
export async function assertWritable(path: string, force: boolean, createFolders = false): Promise<string> {
  let target = resolve(path);
  const own = await statOrMissing(target, false);
  if (own?.isSymbolicLink()) {
    const pointed = await statOrMissing(target, true);
    if (pointed === undefined) throw refuse(path, "a symlink to nothing");
    const what = specialFileKind(pointed);
    if (what !== undefined) throw refuse(path, `a symlink to ${what}`);
    if (!force) throw outputExists(path);
    target = await realpath(target);
  } else if (own !== undefined) {
    const what = specialFileKind(own);
    if (what !== undefined) throw refuse(path, what);
    if (!force) throw outputExists(path);
  }
  if (!createFolders && !(await statOrMissing(dirname(target), true))?.isDirectory())
    throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: folder ${dirname(path)} does not exist`);
  return target;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === "EPERM";
  }
};

/** Removes temporary files of `target` left by runs that were killed (their process is gone). */
export async function removeStaleTemps(target: string): Promise<string[]> {
  const prefix = `.${basename(target)}${TEMP_MARK}`;
  let names: string[];
  try {
    names = await readdir(dirname(target));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    // Only a regular file is a temp of ours: anything else with the name (a directory) is left
    // alone, and a cleanup that fails never blocks the write it precedes.
    const path = join(dirname(target), name);
    try {
      if (!(await lstat(path)).isFile()) continue;
      await rm(path, { force: true });
      removed.push(name);
    } catch {
      // best effort
    }
  }
  return removed;
}

export async function writeFileAtomically<T>(path: string, force: boolean, write: (out: NodeJS.WritableStream) => Promise<T>): Promise<T> {
  const target = await assertWritable(path, force);
  await removeStaleTemps(target);
  // flush: fsync before close, so the renamed file is on disk even if the machine stops. A large
  // buffer lets generation go on while the previous pieces reach the disk. A name already taken
  // (by anything: "wx" never opens an existing one) is passed over for another random one.
  let temp = "";
  let out: ReturnType<typeof createWriteStream> | undefined;
  for (let attempt = 1; out === undefined; attempt++) {
    temp = join(dirname(target), `.${basename(target)}${TEMP_MARK}${process.pid}-${randomBytes(4).toString("hex")}`);
    const opening = createWriteStream(temp, { flags: "wx", flush: true, highWaterMark: 1 << 20 });
    try {
      await new Promise<void>((opened, fail) => {
        opening.once("open", () => opened());
        opening.once("error", fail);
      });
      out = opening;
    } catch (error) {
      if (errnoCode(error) === "EEXIST" && attempt < 5) continue;
      throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
  }
  try {
    const result = await write(out);
    await new Promise<void>((closed, fail) => {
      out.once("error", fail);
      out.once("close", () => closed());
      out.end();
    });
    if (force) {
      // Checked again just before the rename: something other than a regular file may have appeared.
      await assertWritable(path, force);
      await rename(temp, target);
    } else {
      // link() fails if the target appeared meanwhile, where rename() would replace it.
      try {
        await link(temp, target);
      } catch (error) {
        if (errnoCode(error) === "EEXIST") throw outputExists(path);
        throw error;
      }
      await rm(temp, { force: true });
    }
    return result;
  } catch (error) {
    out.destroy();
    await rm(temp, { force: true });
    if (isToolkitError(error)) throw error;
    throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Writes a file atomically through `write`, creating missing folders (CI configurations name report
 * files in folders that do not exist yet, such as reports/verify.xml).
 */
export async function writeReportFile(path: string, force: boolean, write: (out: NodeJS.WritableStream) => Promise<void>): Promise<void> {
  try {
    await mkdir(dirname(resolve(path)), { recursive: true });
  } catch (error) {
    throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
  await writeFileAtomically(path, force, write);
}

/** Writes a whole text file atomically, creating missing folders. */
export async function writeTextFileAtomically(path: string, content: string, force: boolean): Promise<void> {
  await writeReportFile(path, force, async (out) => {
    out.write(content);
  });
}

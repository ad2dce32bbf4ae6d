// Writes a file atomically: into a temporary file in the same directory, flushed to disk, then
// moved into place. Readers never see half a file, and a failed run leaves no debris. Without
// `force` an existing file is never replaced, not even one created while we were writing.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, mkdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { ToolkitError, isToolkitError } from "../errors.js";

const errnoCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

async function kindOf(path: string): Promise<"file" | "directory" | "missing"> {
  try {
    return (await stat(path)).isDirectory() ? "directory" : "file";
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return "missing";
    throw error;
  }
}

const outputExists = (path: string): ToolkitError =>
  new ToolkitError("E_OUTPUT_EXISTS", `${path} already exists (use --force to overwrite it)`);

/**
 * Refuses, before a long run starts, an output that cannot or must not be written: a directory,
 * a file in a folder that does not exist (unless `createFolders`), an existing file without `force`.
 */
export async function assertWritable(path: string, force: boolean, createFolders = false): Promise<void> {
  const target = resolve(path);
  const kind = await kindOf(target);
  if (kind === "directory") throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: it is a directory`);
  if (kind === "file" && !force) throw outputExists(path);
  if (!createFolders && (await kindOf(dirname(target))) !== "directory")
    throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: folder ${dirname(path)} does not exist`);
}

export async function writeFileAtomically<T>(path: string, force: boolean, write: (out: NodeJS.WritableStream) => Promise<T>): Promise<T> {
  const target = resolve(path);
  await assertWritable(path, force);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  // flush: fsync before close, so the renamed file is on disk even if the machine stops. A large
  // buffer lets generation go on while the previous pieces reach the disk.
  const out = createWriteStream(temp, { flags: "wx", flush: true, highWaterMark: 1 << 20 });
  try {
    await new Promise<void>((opened, fail) => {
      out.once("open", () => opened());
      out.once("error", fail);
    });
  } catch (error) {
    throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const result = await write(out);
    await new Promise<void>((closed, fail) => {
      out.once("error", fail);
      out.once("close", () => closed());
      out.end();
    });
    if (force) await rename(temp, target);
    else {
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
 * Writes a whole text file atomically, creating missing folders (CI configurations name report
 * files in folders that do not exist yet, such as reports/verify.xml).
 */
export async function writeTextFileAtomically(path: string, content: string, force: boolean): Promise<void> {
  try {
    await mkdir(dirname(resolve(path)), { recursive: true });
  } catch (error) {
    throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
  await writeFileAtomically(path, force, async (out) => {
    out.write(content);
  });
}

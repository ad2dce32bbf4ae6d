// Writes a report file atomically (temp file in the same folder, then rename), so a CI system never
// reads half a report; missing folders are created; an existing file is kept unless `force`.
import { randomBytes } from "node:crypto";
import { access, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { ToolkitError } from "../errors.js";

const exists = async (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** E_OUTPUT_EXISTS when `path` exists and `force` is not set. */
export async function assertWritable(path: string, force: boolean): Promise<void> {
  if (!force && (await exists(path))) throw new ToolkitError("E_OUTPUT_EXISTS", `${path} exists (pass --force to overwrite it)`);
}

export async function writeFileAtomic(path: string, content: string, options: { force?: boolean } = {}): Promise<void> {
  await assertWritable(path, options.force === true);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    // CI configurations name report files in folders that do not exist yet (reports/verify.xml).
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, content, "utf8");
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new ToolkitError("E_OUTPUT_WRITE", `cannot write ${path} (${reason})`, { cause: error });
  }
}

// Writes a file as editors and `fixtures --force` do: a temporary file renamed over the old one, so
// a watcher sees one complete change.
import { rename, writeFile } from "node:fs/promises";

export async function replaceFile(path: string, text: string): Promise<void> {
  await writeFile(`${path}.next`, text);
  await rename(`${path}.next`, path);
}

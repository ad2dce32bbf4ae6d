// What a path that is not a regular file is, in words: the one wording of every refusal of a directory,
// a device, a FIFO or a socket, whether it is read (read-regular-file.ts) or written (write-file-atomic.ts).
import type { Stats } from "node:fs";

/** What a non-regular file is, in words (`a FIFO (named pipe)`), or undefined for a regular file. */
export function specialFileKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return "a directory";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

// Reads a JSON file with every failure as a named error (one clear line, no stack trace): missing,
// unreadable, not UTF-8 (with the byte offset), not JSON, or nested too deep to handle safely.
import { readFile } from "node:fs/promises";
import { decodeUtf8 } from "./decode-utf8.js";
import { parseJsonText } from "./parse-json-text.js";
import { readError } from "./read-file-chunks.js";

export { parseJsonText } from "./parse-json-text.js";

/** The bytes of a file, with a missing or unreadable file as one named error. */
export async function readFileBytes(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw readError(path, error);
  }
}

export async function readJsonFile(path: string): Promise<unknown> {
  return parseJsonText(decodeUtf8(await readFileBytes(path), path), path);
}

// Reads a JSON file with every failure as a named error (one clear line, no stack trace): missing,
// unreadable, not UTF-8 (with the byte offset), not JSON, or nested too deep to handle safely.
import { readFile } from "node:fs/promises";
import { ToolkitError } from "../errors.js";
import { decodeUtf8 } from "./decode-utf8.js";
import { exceedsJsonDepth, tooDeepMessage } from "./json-depth.js";

/** Parses JSON text from `source` (a file name, for messages): E_JSON_PARSE or E_JSON_TOO_DEEP. */
export function parseJsonText(text: string, source: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new ToolkitError("E_JSON_PARSE", `${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (exceedsJsonDepth(value)) throw new ToolkitError("E_JSON_TOO_DEEP", tooDeepMessage(source));
  return value;
}

/** The bytes of a file, with a missing or unreadable file as one named error. */
export async function readFileBytes(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ToolkitError("E_FILE_NOT_FOUND", `file not found: ${path}`);
    if (code === "EISDIR") throw new ToolkitError("E_FILE_UNREADABLE", `${path} is a directory, not a file`);
    throw new ToolkitError("E_FILE_UNREADABLE", `cannot read ${path}: ${(error as Error).message}`);
  }
}

export async function readJsonFile(path: string): Promise<unknown> {
  return parseJsonText(decodeUtf8(await readFileBytes(path), path), path);
}

// Reads a JSON file with every failure as a named error (one clear line, no stack trace).
import { readFile } from "node:fs/promises";
import { ToolkitError } from "../errors.js";

export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ToolkitError("E_FILE_NOT_FOUND", `file not found: ${path}`);
    if (code === "EISDIR") throw new ToolkitError("E_FILE_UNREADABLE", `${path} is a directory, not a file`);
    throw new ToolkitError("E_FILE_UNREADABLE", `cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ToolkitError("E_JSON_PARSE", `${path} is not valid JSON: ${(error as Error).message}`);
  }
}

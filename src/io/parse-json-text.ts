// JSON text to a value with every failure as a named error: not JSON, or nested too deep to handle
// safely. No file system, so it runs in browsers too (read-json-file.ts reads the files).
import { ToolkitError } from "../errors.js";
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

// A body's signature: what stays the same across the requests that hit one fault (the error's
// words), with what varies by request (quoted values, numbers, ids) blanked out, so that failures
// deduplicate by cause and not by request.
import { firstLine } from "./check.js";

/** The `detail` of a FastAPI-style error body when it is a string, else the body's first line. */
function errorText(text: string): string {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const detail =
        (value as Record<string, unknown>).detail ?? (value as Record<string, unknown>).message ?? (value as Record<string, unknown>).error;
      if (typeof detail === "string") return detail;
    }
  } catch {
    // Not JSON: its first line.
  }
  return text;
}

/** Quoted text, escapes inside honoured: Python's repr uses either quote (`'it\\'s'`, `"it's"`). */
const QUOTED = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`\n]*`/g;

export function bodySignature(text: string): string {
  // The quoted values are blanked before anything is cut: a 10 KB value must not decide the cause.
  return firstLine(errorText(text).slice(0, 65_536).replace(QUOTED, "'…'"), 400)
    .replace(/\b[0-9a-f]{8,}\b/gi, "#")
    .replace(/\d+/g, "N")
    .replace(/\s+/g, " ")
    .slice(0, 60)
    .trim();
}

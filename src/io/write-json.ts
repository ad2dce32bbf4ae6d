// Writes a JSON report of any size: the same bytes as JSON.stringify(value, null, 2), produced
// piece by piece and written in bounded chunks that respect backpressure, so a report of millions
// of findings never becomes one string (V8 caps strings near 512 MB: "Invalid string length").
import { once } from "node:events";

/** Nesting levels streamed piece by piece; deeper values (a finding's fields) are stringified whole. */
const STREAMED_LEVELS = 4;
/** Bytes collected before one write. */
const CHUNK_CHARS = 64 * 1024;

/** The pretty-printed JSON of `value` in pieces (`indent` is the current line's indentation). */
export function* jsonPieces(value: unknown, indent = "", level = 0): Generator<string> {
  const json = (value as { toJSON?: unknown } | null)?.toJSON;
  if (level >= STREAMED_LEVELS || typeof value !== "object" || value === null || typeof json === "function") {
    yield (JSON.stringify(value, null, 2) ?? "null").replace(/\n/g, `\n${indent}`);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return yield "[]";
    yield "[";
    for (let i = 0; i < value.length; i++) {
      yield `${i === 0 ? "" : ","}\n${inner}`;
      // JSON.stringify writes null for undefined and functions inside arrays.
      const item: unknown = value[i];
      yield* item === undefined || typeof item === "function" ? ["null"] : jsonPieces(item, inner, level + 1);
    }
    return yield `\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
  if (entries.length === 0) return yield "{}";
  yield "{";
  for (let i = 0; i < entries.length; i++) {
    const [key, item] = entries[i]!;
    yield `${i === 0 ? "" : ","}\n${inner}${JSON.stringify(key)}: `;
    yield* jsonPieces(item, inner, level + 1);
  }
  yield `\n${indent}}`;
}

/** Writes `value` as pretty JSON and a newline to `out`, in chunks, waiting whenever `out` is full. */
export async function writeJson(out: NodeJS.WritableStream, value: unknown): Promise<void> {
  let chunk = "";
  const flush = async (): Promise<void> => {
    const full = !out.write(chunk);
    chunk = "";
    if (full) await once(out, "drain");
  };
  for (const piece of jsonPieces(value)) {
    chunk += piece;
    if (chunk.length >= CHUNK_CHARS) await flush();
  }
  chunk += "\n";
  await flush();
}

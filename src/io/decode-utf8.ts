// Decodes a file's bytes as UTF-8, strictly: a malformed byte is one clear error naming the file
// and the byte offset (the lenient decoder would turn it into U+FFFD and change the data unseen).
// A leading BOM is accepted and dropped (some Windows editors write one; JSON.parse rejects it).
import { Buffer, isUtf8 } from "node:buffer";
import { notUtf8Error } from "./utf8-offset.js";

export { invalidUtf8Offset } from "./utf8-offset.js";

/** The text of `bytes`; E_JSON_PARSE naming `source` and the offset of the first malformed byte. */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  // isUtf8 (simdutf) then Buffer's own decoding: several times faster than a fatal TextDecoder on a
  // big file; the slow scan runs only to name the offset of a malformed byte.
  if (!isUtf8(bytes)) throw notUtf8Error(source, bytes);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

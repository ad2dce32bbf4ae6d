// Decodes a file's bytes as UTF-8, strictly: a malformed byte is one clear error naming the file
// and the byte offset (the lenient decoder would turn it into U+FFFD and change the data unseen).
// A leading BOM is accepted and dropped (some Windows editors write one; JSON.parse rejects it).
import { Buffer, isUtf8 } from "node:buffer";
import { ToolkitError } from "../errors.js";

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
export function invalidUtf8Offset(bytes: Uint8Array): number | undefined {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Lead byte: how many continuation bytes, and the range the first one must fall in (RFC 3629).
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += need + 1;
  }
  return undefined;
}

/** The text of `bytes`; E_JSON_PARSE naming `source` and the offset of the first malformed byte. */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  // isUtf8 (simdutf) then Buffer's own decoding: several times faster than a fatal TextDecoder on a
  // big file; the slow scan runs only to name the offset of a malformed byte.
  if (!isUtf8(bytes)) {
    const offset = invalidUtf8Offset(bytes) ?? 0;
    const hex = (bytes[offset] ?? 0).toString(16).padStart(2, "0");
    throw new ToolkitError("E_JSON_PARSE", `${source} is not valid UTF-8: malformed byte 0x${hex} at byte offset ${offset}`);
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

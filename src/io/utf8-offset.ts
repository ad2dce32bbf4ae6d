// Where a byte sequence stops being UTF-8, and the one error that says so (E_JSON_PARSE naming the
// byte offset). Plain loops over a Uint8Array, so it runs in browsers too (decode-utf8.ts, Node's
// fast path, re-exports it).
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

/** E_JSON_PARSE: `source` is not UTF-8, naming the malformed byte of `bytes` and its offset (`base`: where `bytes` start in the file). */
export function notUtf8Error(source: string, bytes: Uint8Array, base = 0): ToolkitError {
  const offset = invalidUtf8Offset(bytes) ?? 0;
  const hex = (bytes[offset] ?? 0).toString(16).padStart(2, "0");
  return new ToolkitError("E_JSON_PARSE", `${source} is not valid UTF-8: malformed byte 0x${hex} at byte offset ${base + offset}`);
}

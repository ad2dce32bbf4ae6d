// decode-utf8.ts without Node: the same strict decoding, the same error naming the malformed byte's
// offset, a leading BOM dropped, with a fatal TextDecoder instead of Buffer (what runs in browsers:
// validate's library, src/check/validate-stream.ts).
import { notUtf8Error } from "./utf8-offset.js";

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text of `bytes`; E_JSON_PARSE naming `source` and the offset of the first malformed byte. */
export function decodeUtf8Portable(bytes: Uint8Array, source: string): string {
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    throw notUtf8Error(source, bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

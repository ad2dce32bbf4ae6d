// The JSON in a buffer of bytes, read as a file is (read-json-file.ts): strict UTF-8 with the
// offset of a malformed byte, a leading BOM dropped, and the depth limit. `validate -` reads
// standard input through it, so stdin gets every check a file gets.
import { decodeUtf8 } from "./decode-utf8.js";
import { parseJsonText } from "./read-json-file.js";

/** Parses `bytes` from `source` (named in messages): E_JSON_PARSE or E_JSON_TOO_DEEP. */
export const parseJsonBytes = (bytes: Uint8Array, source: string): unknown => parseJsonText(decodeUtf8(bytes, source), source);

// Terminal-safe text: every value that comes from a request, a provider or a file goes through
// this before it reaches a log line or a text report, so a decoded `%0a` cannot forge a log line
// and an ESC inside a JSON key cannot recolour or rewrite the terminal. Control characters (C0,
// DEL, C1: U+009B is a one-character CSI to many terminals) and the bidirectional controls (the
// marks U+061C, U+200E, U+200F; the embeddings, overrides and isolates U+202A-U+202E, U+2066-U+2069)
// show as escapes, and so do the Unicode line and paragraph separators (U+2028, U+2029: a new line
// to some viewers); everything else is left as it is. The one such function: every printer uses it.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, "g");

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const escapeOne = (char: string): string => {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
};

/** `text` with control characters as `\n`, `\x1b`, `\u202e`: safe to print on one terminal line. */
export const escapeControl = (text: string): string => (UNSAFE.test(text) ? text.replace(UNSAFE_ALL, escapeOne) : text);

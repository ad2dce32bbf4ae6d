// Terminal-safe text: every value that comes from a request, a provider or a file goes through
// this before it reaches a log line or a text report, so a decoded `%0a` cannot forge a log line
// and an ESC inside a JSON key cannot recolour or rewrite the terminal. Control characters (C0,
// DEL, C1) and the bidirectional overrides show as escapes; everything else is left as it is.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
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

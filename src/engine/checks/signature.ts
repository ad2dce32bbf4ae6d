// A body's signature: what stays the same across the requests that hit one fault (the error's
// words), with what varies by request blanked out, so that failures deduplicate by cause and not by
// request, and a baseline entry written with one seed holds with any other (issue 39: a provider
// answering `no record <id> in collection human_evaluations` wrote 21 entries). Blanked, in this
// order: secrets (src/io/redact.ts: a cause is written into baselines and reports), every value the
// request sent (a path segment or a query value, decoded or raw, quoted or not), quoted text,
// runs of one repeated character, id-like tokens (letters and digits mixed, long hex), numbers,
// and tokens of symbols, controls or marks; then neighbouring blanks fold into one `#`. Linear in
// the body (at most 64 KiB of it is read).
import { redactSecrets } from "../../io/redact.js";
import type { PlannedRequest } from "../request.js";
import { decodeRaw, firstLine } from "./check.js";

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

/** A blank while the signature is made (a private-use character), `#` in the cause. */
const BLANK = "\uE000";

/** The path's fixed words: never a value the request chose. */
const FIXED_SEGMENTS: ReadonlySet<string> = new Set(["", "evaluations", "human-evaluations"]);

/** The values `request` sent, as the provider may echo them: each path segment and query value, raw, decoded, trimmed. */
export function sentValues(request: Pick<PlannedRequest, "path" | "query">): string[] {
  const raws = [
    ...request.path.split("/").filter((segment) => !FIXED_SEGMENTS.has(segment)),
    ...request.query.flatMap(([, value]) => (value === null ? [] : [value, value.replace(/\+/g, " ")])),
  ];
  const values = new Set<string>();
  for (const raw of raws)
    for (const form of [raw, decodeRaw(raw)]) {
      values.add(form);
      values.add(form.trim());
      // Case-insensitive matching misses what casing changes the length of (`ß` upper-cased is `SS`).
      for (const cased of [form.toUpperCase(), form.toLowerCase()]) if (cased.length !== form.length) values.add(cased);
    }
  values.delete("");
  return [...values];
}

/** HTML's character references, as a debug page escapes an echoed value (`&lt;script&gt;`, `&#x27;`). */
const HTML_REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/g;
const HTML_NAMED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** `text` with HTML's character references read (a code point past Unicode stays as written). */
function htmlUnescape(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(HTML_REFERENCE, (whole, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
    if (name !== undefined) return HTML_NAMED[name]!;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Where a value is cut: `...` or `…`. */
const ELLIPSIS = /\.\.\.|\u2026/g;

/**
 * `text` with every sent value the provider cut short (its first 8 characters or more, then `...` or `…`)
 * blanked, case-insensitively: one search back from each ellipsis per value, so linear in practice.
 */
function blankCut(text: string, sent: readonly string[]): string {
  const lower = text.toLowerCase();
  if (lower.length !== text.length || !(text.includes("...") || text.includes("\u2026"))) return text;
  const cuts: Array<[number, number]> = [];
  for (const match of text.matchAll(ELLIPSIS)) {
    const end = match.index;
    for (const value of sent) {
      const folded = value.toLowerCase();
      if (folded.length < 9 || folded.length !== value.length) continue;
      const start = lower.lastIndexOf(folded.slice(0, 8), end - 8);
      if (start === -1 || end - start > folded.length || !folded.startsWith(lower.slice(start, end))) continue;
      cuts.push([start, end + match[0].length]);
      break;
    }
  }
  let out = "";
  let at = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    out += text.slice(at, start) + BLANK;
    at = end;
  }
  return out + text.slice(at);
}

/** Short words error messages are made of: a value spelt like one is blanked once, not everywhere. */
const SHORT_WORDS: ReadonlySet<string> = new Set("a an and are as at be by for has id in is it its no not of on or the to was".split(" "));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `text` with every occurrence of the sent values blanked, longest first, case-insensitively: a value
 * of 4 characters or more wherever it is, a shorter one only as a whole token, and one of the short words
 * messages are made of only at its first occurrence (`in` sent must blank neither `invalid` nor the
 * message's own `in`).
 */
function blankSent(text: string, sent: readonly string[]): string {
  let out = text;
  for (const value of [...sent].sort((a, b) => b.length - a.length)) {
    if (value.length > out.length) continue;
    const literal = escapeRegExp(value);
    // Whitespace alone is blanked only between the message's own spaces (`no record   in`): anywhere
    // else it would blank every space of the message.
    const pattern =
      value.trim() === "" ? `(?<=\\s)${literal}(?=\\s)` : value.length >= 4 ? literal : `(?<![\\p{L}\\p{N}_])${literal}(?![\\p{L}\\p{N}_])`;
    // A message's own short word (`in`, `a`) is blanked once: where it was echoed, not again where the message says it.
    const flags = SHORT_WORDS.has(value.toLowerCase()) ? "iu" : "giu";
    let regex: RegExp;
    try {
      regex = new RegExp(pattern, flags);
    } catch {
      // A lone surrogate is no valid `u` pattern: matched as code units instead.
      regex = new RegExp(literal, flags.replace("u", ""));
    }
    out = out.replace(regex, BLANK);
  }
  return out;
}

/**
 * A token a person would not write the same way twice: symbols (other, currency, modifier: `€`,
 * `$gt`), controls, marks, private-use or unpaired characters, a percent-escape (`%EF%BF%BD`), or a
 * blank with a letter or digit beside it (`#;:-B(c`: the rest of a value the provider transformed
 * before echoing it: re-encoded, cut, cased).
 */
const ODD_TOKEN = /[\p{So}\p{Sc}\p{Sk}\p{Cc}\p{Cf}\p{Cs}\p{M}\uFFFD]|%[0-9A-Fa-f]{2}|\uE000[^\s\p{P}\uE000]|[^\s\p{P}\uE000]\uE000/u;

/** One whitespace-separated token, its varying parts blanked. */
function blankToken(token: string): string {
  if (ODD_TOKEN.test(token)) return BLANK;
  // A token of punctuation alone (`.`, `*`, `-`), or of blanks and punctuation (`'#'`, `#)`): a value
  // and what quotes or brackets it; an empty value leaves its brackets alone.
  if (/^[\p{P}\p{S}\uE000]+$/u.test(token)) return BLANK;
  return (
    token
      // Runs of one repeated character (`zzzzzzzz`, 10 KB of `a`): a value, not a word.
      .replace(/(.)\1{3,}/gu, BLANK)
      // Id-like: letters and digits mixed (`667e1b0a`, `abc123`), and numbers.
      .replace(/[-+]?[A-Za-z0-9]*[0-9][A-Za-z0-9]*/g, BLANK)
      .replace(/\b[0-9a-f]{8,}\b/gi, BLANK)
  );
}

/** The cause's words of an error body: the same for every request that hits one fault (see the header). */
export function bodySignature(text: string, sent: readonly string[] = []): string {
  // Blanked before anything is cut: a 10 KB value must not decide the cause.
  const body = blankSent(blankCut(htmlUnescape(redactSecrets(errorText(text).slice(0, 65_536))), sent), sent).replace(QUOTED, BLANK);
  const tokens = firstLine(body, 400)
    .split(/\s+/)
    .filter((token) => token !== "")
    .map(blankToken);
  const words: string[] = [];
  for (const token of tokens) {
    // Blanks side by side (`# #`, `##`, `#-#`) fold into one: how many tokens a value spans varies.
    const folded = token.replace(new RegExp(`${BLANK}(?:[\\p{P}\\p{S}]*${BLANK})*`, "gu"), "#");
    if (folded === "#" && words.at(-1) === "#") continue;
    words.push(folded);
  }
  // At most 60 characters, whole words (a word cut short would differ with the blank's width).
  let cause = "";
  for (const word of words) {
    const next = cause === "" ? word : `${cause} ${word}`;
    if (next.length > 60) return cause === "" ? word.slice(0, 60) : cause;
    cause = next;
  }
  return cause;
}

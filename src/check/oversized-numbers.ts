// A number too large for a double (`1e400`) is valid JSON, but JSON.parse turns it into Infinity and
// JSON.stringify writes Infinity as `null`: a message would show a null the provider never sent.
// Messages show such a number as a placeholder (`<number too large for a double>`); whoever still
// holds the JSON text (validate's file, checkResponse's body, the HTTP client's text issues) puts
// the number back as it was written (`must be string, got 1e400`). Pure: runs in browsers too.
import type { Finding } from "./finding.js";
import { jsonTextIssues } from "../io/json-text-issues.js";

/** How a message shows `1e400` when the text it was written as is not known. */
export const OVERSIZED_NUMBER = "<number too large for a double>";
/** How a message shows `-1e400` when the text it was written as is not known. */
export const OVERSIZED_NEGATIVE_NUMBER = "<negative number too large for a double>";

/** The common tail of both placeholders: what a message is searched for. */
const PLACEHOLDER_TAIL = "number too large for a double>";

/** True for the numbers JSON cannot hold: what JSON.parse makes of `1e400` and `-1e400` (and NaN). */
export const isOversizedNumber = (value: unknown): value is number => typeof value === "number" && !Number.isFinite(value);

const placeholderOf = (value: number): string =>
  value === Infinity ? OVERSIZED_NUMBER : value === -Infinity ? OVERSIZED_NEGATIVE_NUMBER : "NaN";

// Inside an object or an array the replacer can only hand JSON.stringify a string, which comes out
// quoted: these markers are replaced afterwards (a string of the data holding one is too unlikely to matter).
const MARKS = new Map([
  ["\u0000oversized+\u0000", OVERSIZED_NUMBER],
  ["\u0000oversized-\u0000", OVERSIZED_NEGATIVE_NUMBER],
  ["\u0000NaN\u0000", "NaN"],
]);
const markOf = (value: number): string =>
  value === Infinity ? "\u0000oversized+\u0000" : value === -Infinity ? "\u0000oversized-\u0000" : "\u0000NaN\u0000";

/**
 * The JSON text of `value` for a message, as JSON.stringify writes it, except that a number too
 * large for a double shows as a placeholder, not as `null` (undefined for undefined, as JSON.stringify).
 */
export function jsonForMessage(value: unknown): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : placeholderOf(value);
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  let marked = false;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!isOversizedNumber(item)) return item;
    marked = true;
    return markOf(item);
  });
  if (!marked) return text;
  let shown = text;
  for (const [mark, placeholder] of MARKS) shown = shown.replaceAll(JSON.stringify(mark), placeholder);
  return shown;
}

/** Where to cut `text` at `at` or before, so that no placeholder is cut in two (it would not be restored). */
export function cutBeforePlaceholder(text: string, at: number): number {
  const open = text.lastIndexOf("<", at - 1);
  if (open === -1) return at;
  for (const placeholder of [OVERSIZED_NUMBER, OVERSIZED_NEGATIVE_NUMBER])
    if (open + placeholder.length > at && text.startsWith(placeholder, open)) return open;
  return at;
}

/** True when `message` shows a number too large for a double as a placeholder. */
export const showsOversizedNumber = (message: string): boolean => message.includes(PLACEHOLDER_TAIL);

/** A number as written in a JSON text, and where: what src/io/json-text-issues.ts finds. */
export interface NumberAsWritten {
  /** JSONPath of the number (`$[1].score`). */
  path: string;
  /** The number as written (`1e400`). */
  text: string;
}

const within = (path: string, base: string): boolean =>
  path === base || (path.startsWith(base) && (path.charCodeAt(base.length) === 46 /* . */ || path.charCodeAt(base.length) === 91)); /* [ */

/**
 * `finding` with each placeholder of its message replaced by the number as written, taken from
 * `numbers` (in document order) at the finding's path or inside it. A placeholder whose number is
 * not known (another count, another sign) stays as it is. Returns `finding` itself when nothing changes.
 */
export function restoreOversizedNumbers<F extends Finding>(finding: F, numbers: readonly NumberAsWritten[]): F {
  if (!showsOversizedNumber(finding.message)) return finding;
  const texts = numbers.filter((n) => within(n.path, finding.path)).map((n) => n.text);
  let next = 0;
  let changed = false;
  const message = finding.message.replace(/<(negative )?number too large for a double>/g, (placeholder, negative?: string) => {
    const text = texts[next++];
    if (text === undefined || text.startsWith("-") !== (negative !== undefined)) return placeholder;
    changed = true;
    return text;
  });
  return changed ? { ...finding, message } : finding;
}

/**
 * A function that restores the numbers of one JSON text in findings of its value (see
 * restoreOversizedNumbers). The text is scanned once, and only when a finding shows a placeholder.
 */
export function oversizedNumberRestorer(text: string): <F extends Finding>(finding: F) => F {
  let numbers: NumberAsWritten[] | undefined;
  return (finding) => {
    if (!showsOversizedNumber(finding.message)) return finding;
    numbers ??= jsonTextIssues(text, 10_000).issues.filter((issue) => issue.kind === "number-out-of-range");
    return restoreOversizedNumbers(finding, numbers);
  };
}

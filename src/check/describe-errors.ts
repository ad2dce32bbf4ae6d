// Turns Ajv's raw errors into readable findings: one per fault, with a JSON path, a stable rule
// name and a sentence. Ajv's own output (schema paths, "must match a schema in anyOf") never
// reaches the user.
import type { ErrorObject } from "ajv";
import { timestampImpossibility } from "./date-time.js";
import type { JsonSchema } from "../schemas/catalog.js";
import type { Finding } from "./finding.js";
import { joinPath } from "./finding.js";
import { cutBeforePlaceholder, isOversizedNumber, jsonForMessage } from "./oversized-numbers.js";
import { messageOf, type RawWarning } from "./warning-sink.js";

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;

/** A value for a message, cut at 60 characters; a number too large for a double is not shown as null (oversized-numbers.ts). */
export const show = (value: unknown): string => {
  if (typeof value === "string") {
    const text = JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  }
  const text = jsonForMessage(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, cutBeforePlaceholder(text, 57))}...` : text;
};

/** The known values of an open enum for a message: the first 8, then "...". */
export function knownValuesList(values: readonly unknown[]): string {
  const known = values.map(String);
  return known.length > 8 ? `${known.slice(0, 8).join(", ")}, ...` : known.join(", ");
}

/** Escapes one property name for a JSON Pointer. */
export const pointerSegment = (key: string): string =>
  key.indexOf("~") === -1 && key.indexOf("/") === -1 ? key : key.replace(/~/g, "~0").replace(/\//g, "~1");

const parentOf = (error: ErrorObject): JsonSchema => (error.parentSchema ?? {}) as JsonSchema;

/** Ajv reports failed branches before the anyOf itself; keep only the anyOf, and drop if/then noise. */
export function collapseBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword === "if") continue;
    if (error.keyword === "anyOf" || error.keyword === "oneOf") {
      const prefix = error.instancePath;
      while (kept.length > 0) {
        const last = kept[kept.length - 1]!;
        if (last.instancePath !== prefix && !last.instancePath.startsWith(`${prefix}/`)) break;
        kept.pop();
      }
    }
    kept.push(error);
  }
  return kept;
}

const editDistance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
};

/** For a missing property, a present one that looks like a misspelling of it (the seed's naming quirks). */
function lookalike(missing: string, data: unknown, schema: JsonSchema): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const declared = (schema.properties ?? {}) as Record<string, unknown>;
  return Object.keys(data).find((key) => !(key in declared) && editDistance(key, missing) <= 2);
}

function branchNames(error: ErrorObject): string {
  const branches = Array.isArray(error.schema) ? (error.schema as JsonSchema[]) : [];
  const names = branches.map((branch) => {
    if (typeof branch.$ref === "string") return branch.$ref.replace(/\.json$/, "").replace(/^.*\//, "");
    const type = typeof branch.type === "string" ? branch.type : "value";
    return typeof branch.title === "string" ? `${type} (${branch.title.toLowerCase()})` : type;
  });
  return names.join(" or ");
}

/**
 * A timestamp the pattern (shape) or the format (calendar and clock, src/check/date-time.ts)
 * rejects; both may reject one value, and then say the same.
 */
function describeTimestamp(value: unknown): string {
  const why = timestampImpossibility(value);
  return why ? `${show(value)} is not a real date-time (${why})` : `${show(value)} is not an ISO 8601 date-time`;
}

/** One fault described: where, under which rule, in which words. */
export interface Described {
  pointer: string;
  rule: string;
  message: string;
}

/** An error: the value breaks the seed's contract. */
function describeError(error: ErrorObject): Described {
  const pointer = error.instancePath;
  const parent = parentOf(error);
  switch (error.keyword) {
    case "required": {
      const property = String(error.params.missingProperty);
      const near = lookalike(property, error.data, parent);
      const hint = near ? ` (found "${near}" instead; the contract spells it "${property}" in ${String(parent.title)})` : "";
      return {
        pointer: `${pointer}/${pointerSegment(property)}`,
        rule: "required",
        message: `missing required property "${property}"${hint}`,
      };
    }
    case "type": {
      // 1e400 is a number, but not one any type accepts (Ajv's `number` wants it finite): say which.
      const got = isOversizedNumber(error.data) ? show(error.data) : kindOf(error.data);
      return { pointer, rule: "type", message: `must be ${String(error.params.type)}, got ${got}` };
    }
    case "anyOf":
      return { pointer, rule: "any-of", message: `must be ${branchNames(error)}, got ${kindOf(error.data)} ${show(error.data)}` };
    case "pattern":
    case "format":
      if (parent.title === "Timestamp") return { pointer, rule: "timestamp", message: describeTimestamp(error.data) };
      if (error.keyword === "format")
        return { pointer, rule: error.keyword, message: `${show(error.data)} is not a ${String(error.params.format)}` };
      return { pointer, rule: error.keyword, message: `${show(error.data)} does not match ${String(error.params.pattern)}` };
    default:
      return { pointer, rule: error.keyword, message: error.message ?? `fails ${error.keyword}` };
  }
}

const isDigit = (text: string, at: number): boolean => {
  const c = text.charCodeAt(at);
  return c >= 0x30 && c <= 0x39;
};

/**
 * Whether `text` ends in a UTC offset, as /(Z|z|[+-]\d{2}:?\d{2})$/ tests it, without the regexp
 * (which tries every position of the string): it runs on every naive timestamp of a file.
 */
function hasOffset(text: string): boolean {
  const n = text.length;
  const last = text.charCodeAt(n - 1);
  if (last === 0x5a /* Z */ || last === 0x7a /* z */) return true;
  if (!isDigit(text, n - 1) || !isDigit(text, n - 2)) return false;
  const at = text.charCodeAt(n - 3) === 0x3a /* : */ ? n - 4 : n - 3;
  const sign = text.charCodeAt(at - 2);
  return isDigit(text, at) && isDigit(text, at - 1) && (sign === 0x2b /* + */ || sign === 0x2d); /* - */
}

const HAS_DIGIT = /\d/;

const NAIVE = " has no UTC offset: clients parse it as local time";
const SEPARATOR = ' uses a space instead of "T" between date and time';
const NAIVE_PATTERN = `"…"${NAIVE}`;
const SEPARATOR_PATTERN = `"…"${SEPARATOR}`;

/**
 * Whether messagePattern (fold-findings.ts) of `${shown}${rest}`, for a `rest` without digits, is
 * `"…"${rest}`: `shown` is one quoted value holding a digit and no other quote (show() cut nothing).
 */
const foldsToQuoted = (shown: string): boolean =>
  shown.charCodeAt(0) === 34 /* " */ && shown.indexOf('"', 1) === shown.length - 1 && HAS_DIGIT.test(shown);

/** A value that misses an expected pattern: in these schemas, a timestamp without offset or 'T'. */
export function describePatternExpectation(data: unknown): Omit<Described, "pointer"> & { pattern: string | undefined } {
  const shown = show(data);
  // The message's pattern comes with it (the folder need not recover it from 100,000 timestamps).
  if (isNaive(data)) return { rule: "naive-timestamp", message: shown + NAIVE, pattern: foldsToQuoted(shown) ? NAIVE_PATTERN : undefined };
  return { rule: "timestamp-separator", message: shown + SEPARATOR, pattern: foldsToQuoted(shown) ? SEPARATOR_PATTERN : undefined };
}

const isNaive = (data: unknown): boolean => typeof data === "string" && !hasOffset(data);

/**
 * Whether show() quotes `text` whole, with nothing escaped (printable ASCII but `"` and `\`, at most
 * 58 characters: /^[\x20\x21\x23-\x5b\x5d-\x7e]{0,58}$/), and it holds a digit: the char codes
 * read once, it runs on every naive timestamp of a file.
 */
function quotedAsIsWithDigit(text: string): boolean {
  if (text.length > 58) return false;
  let digit = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
    if (c >= 0x30 && c <= 0x39) digit = true;
  }
  return digit;
}

const NAIVE_RULE: [rule: string, pattern: string] = ["naive-timestamp", NAIVE_PATTERN];
const SEPARATOR_RULE: [rule: string, pattern: string] = ["timestamp-separator", SEPARATOR_PATTERN];

/**
 * For a value that misses an expected pattern and whose shown form is one quoted value (a string
 * the Timestamp pattern accepts: digits, separators, no quote, under 58 characters): its rule and
 * its message's pattern, known without making the message (describePatternMessage makes it).
 */
export function patternExpectationRule(data: string): Readonly<[rule: string, pattern: string]> | undefined {
  return quotedAsIsWithDigit(data) ? timestampRule(data) : undefined;
}

/** patternExpectationRule of a string the Timestamp pattern accepts (always one show() quotes whole, with a digit: a test holds it). */
export const timestampRule = (data: string): Readonly<[rule: string, pattern: string]> => (isNaive(data) ? NAIVE_RULE : SEPARATOR_RULE);

/** The Timestamp's x-expected pattern (schemas/Timestamp.json; a test holds them equal): tested by meetsTimestampExpectation. */
export const TIMESTAMP_EXPECTED = "^.{10}T.*(Z|z|[+-][0-9]{2}:?[0-9]{2})$";

/**
 * new RegExp(TIMESTAMP_EXPECTED).test(text) without the regexp, which tries the offset's forms at
 * every position from the 11th: a 'T' eleventh, an offset at the end, no line terminator (what `.`
 * does not match). It runs on every timestamp of every record.
 */
export function meetsTimestampExpectation(text: string): boolean {
  if (text.length < 12 || text.charCodeAt(10) !== 0x54 /* T */ || !hasOffset(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}

/** The message of describePatternExpectation. */
export const describePatternMessage = (data: unknown): string => describePatternExpectation(data).message;

/**
 * A warning from an x-expected schema: allowed by the seed, risky for clients. The one nested
 * expectation is evaluator_config's: a non-empty object must be a valid EvaluatorConfig. An object
 * that is not passes only through the anyOf's plain-object branch (seed 2.4), so each of its faults
 * is a partial-evaluator-config warning, worded as the error it would be in an EvaluatorConfig.
 */
export function describeExpectation(error: ErrorObject): Described {
  const parent = parentOf(error);
  if (error.keyword === "enum") {
    const list = knownValuesList(error.params.allowedValues as unknown[]);
    return { pointer: error.instancePath, rule: "unknown-value", message: `${show(error.data)} is not a known value (known: ${list})` };
  }
  if (error.keyword === "required" && parent.title === "EvaluatorConfig") {
    const present = typeof error.data === "object" && error.data !== null ? Object.keys(error.data) : [];
    const missing = ((parent.required ?? []) as string[]).filter((p) => !present.includes(p));
    return {
      pointer: error.instancePath,
      rule: "partial-evaluator-config",
      message: `neither {} nor a full EvaluatorConfig: missing ${missing.join(", ")}`,
    };
  }
  const { pointer, message } = describeError(error);
  return {
    pointer,
    rule: "partial-evaluator-config",
    message: `${message} (not a valid EvaluatorConfig; only the anyOf's plain-object branch accepts it)`,
  };
}

// Pointers repeat from record to record: convert each one to a JSONPath suffix once.
const pathSuffixes = new Map<string, string>();
function pathOf(base: string, pointer: string): string {
  let suffix = pathSuffixes.get(pointer);
  if (suffix === undefined) {
    suffix = joinPath("", pointer);
    if (pathSuffixes.size < 10_000) pathSuffixes.set(pointer, suffix);
  }
  return base + suffix;
}

/**
 * Findings of one value: Ajv's errors are errors; recorded warnings are warnings, unless an error
 * sits at or inside the same value (one fault per value: the error wins), each reported once.
 */
export function toFindings(errors: readonly ErrorObject[], warnings: readonly RawWarning[], base: string): Finding[] {
  const findings: Finding[] = [];
  visitFindings(errors, warnings, base, (f) => findings.push(f));
  return findings;
}

/**
 * A caller's shortcut for a warning whose message's pattern is known: true means the caller took it
 * into account already (a folder counting one more of a group), so no finding is made for it.
 */
export type Counted = (severity: "warning", rule: string, pattern: string) => boolean;

/** Each finding of toFindings handed to `visit` with its message's pattern when known (see RawWarning). */
export function visitFindings(
  errors: readonly ErrorObject[],
  warnings: readonly RawWarning[],
  base: string,
  visit: (finding: Finding, pattern?: string) => void,
  counted?: Counted,
): void {
  const errorPointers: string[] = [];
  const errorRules: string[] = [];
  if (errors.length > 0)
    for (const error of collapseBranches(errors)) {
      const { pointer, rule, message } = describeError(error);
      // A second fault of one value under the same rule (a timestamp's pattern and format): once.
      if (errorPointers.some((p, i) => p === pointer && errorRules[i] === rule)) continue;
      errorPointers.push(pointer);
      errorRules.push(rule);
      visit({ severity: "error", path: pathOf(base, pointer), rule, message });
    }
  for (let i = 0; i < warnings.length; i++) {
    const warning = warnings[i]!;
    const { pointer, rule, pattern } = warning;
    // A failed anyOf branch may have recorded the same warning: report it once (lists are short).
    if (repeatsEarlier(warnings, i, pointer, rule)) continue;
    if (errorPointers.length > 0 && errorPointers.some((p) => p === pointer || p.startsWith(`${pointer}/`))) continue;
    if (pattern !== undefined && counted !== undefined && counted("warning", rule, pattern)) continue;
    visit({ severity: "warning", path: pathOf(base, pointer), rule, message: messageOf(warning) }, pattern);
  }
}

function repeatsEarlier(warnings: readonly RawWarning[], i: number, pointer: string, rule: string): boolean {
  // The rule first: rules are a few constant strings, pointers long ones that differ near their end.
  for (let j = 0; j < i; j++) if (warnings[j]!.rule === rule && warnings[j]!.pointer === pointer) return true;
  return false;
}

// Free text through the anonymiser's two nets (issue 39): error messages, tracebacks, text results and
// strings found where the contract expects an object. One pass of each net over the text (NFKC first):
// the known values (known-values.ts) and the patterns (personal-patterns.ts); a run of URL characters
// holding percent-escapes is decoded and goes through both nets again (`zofia.wrobel%40acme.com`,
// `https%3A%2F%2Fadmin%3As3cr3t%40db`, `Jane%20Doe`), three levels deep at most. Of overlapping finds
// the leftmost wins, the longest at one place, a known value before a pattern; what a later find
// reaches past it is replaced too. A Python traceback keeps its shape: its `File "...", line N, in f`
// lines (the path pseudonymised segment by segment) and the exception's class name.
// Strict mode keeps only that shape: every other character becomes a placeholder of its class.
import { knownKey, type KnownValues } from "./known-values.js";
import { findPersonalPatterns, type PatternKind } from "./personal-patterns.js";

export interface TextPseudonyms {
  /** The pseudonym of a known value found in a text (`original` as written there, `key` its folded form). */
  known(key: string, original: string): string;
  /** What replaces what a pattern found. */
  pattern(kind: Exclude<PatternKind, "path">, match: string): string;
  /** A path segment's pseudonym (a directory, or a file name without its extension). */
  segment(kind: "dir" | "file", segment: string): string;
  /** What replaces text of no known kind (what one find reaches past another). */
  other(text: string): string;
}

export interface FreeText {
  /** Both nets, a Python traceback's shape kept. */
  scrub(text: string): string;
  /** Only a Python traceback's shape kept; every other character a placeholder of its class. */
  strict(text: string): string;
  /** Only the known values replaced (a function or an exception's name). */
  knownOnly(text: string): string;
}

interface Span {
  start: number;
  end: number;
  /** At one place, the lower first: percent-encoded runs, known values, patterns. */
  rank: number;
  replace: () => string;
}

const FILE_LINE = /^(\s*)File "([^"]*)", line (\d+)(.*)$/;
const FUNCTION_PART = /^, in (.*)$/;
const EXCEPTION_LINE = /^([A-Za-z_][A-Za-z0-9_.]*)(:\s?)(.*)$/;
const CLASS_NAME = /^[A-Z][A-Za-z0-9_]*$/;
const TRACEBACK_HEAD = /^Traceback \(most recent call last\):$/;
const PERCENT_RUN = /[\p{L}\p{N}%._~!$&'()*+,;=:@/?#[\]-]+/gu;
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;
/** The characters percentEncode leaves as they are. */
const URL_SAFE = /[A-Za-z0-9._~!$&'()*+,;=:@/?#[\]-]/;
const MAX_PERCENT_DEPTH = 3;

const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;
const decoder = new TextDecoder();

/** Percent-escapes decoded as UTF-8 (an invalid sequence as U+FFFD), the other characters kept. */
export function percentDecode(text: string): string {
  return text.replace(ESCAPES, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(3 * i + 1, 3 * i + 3), 16);
    return decoder.decode(bytes);
  });
}

/** Every character outside URL_SAFE percent-encoded (UTF-8). */
export function percentEncode(text: string): string {
  let out = "";
  for (const c of text) out += URL_SAFE.test(c) ? c : encodeURIComponent(c).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16)}`);
  return out;
}

/** A placeholder of the text's shape: capitals `X`, other letters `x`, digits `0`, marks dropped, other non-ASCII `*`; ASCII punctuation and white space kept. */
export function shapeOf(text: string): string {
  return text
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{ASCII}\p{L}\p{N}]/gu, "*")
    .replace(/[\p{Lu}\p{Lt}]/gu, "\ue000")
    .replace(/\p{L}/gu, "x")
    .replace(/\p{N}/gu, "0")
    .replace(/\ue000/g, "X");
}

export function createFreeText(known: KnownValues, names: TextPseudonyms): FreeText {
  const knownSpans = (t: string, into: Span[]): void => {
    for (const m of known.find(t)) {
      const original = t.slice(m.start, m.end);
      into.push({ start: m.start, end: m.end, rank: 1, replace: () => names.known(m.key, original) });
    }
  };

  /** `text` with the spans replaced (leftmost first, the longest at one place; a later one reaching past it extends it). */
  function apply(text: string, t: string, spans: Span[]): string {
    if (spans.length === 0) return text;
    spans.sort((a, b) => a.start - b.start || b.end - a.end || a.rank - b.rank);
    let out = "";
    let at = 0;
    for (let i = 0; i < spans.length;) {
      const span = spans[i]!;
      let end = span.end;
      let j = i + 1;
      for (; j < spans.length && spans[j]!.start < end; j++) if (spans[j]!.end > end) end = spans[j]!.end;
      out += t.slice(at, span.start) + span.replace() + (end > span.end ? names.other(t.slice(span.end, end)) : "");
      at = end;
      i = j;
    }
    return out + t.slice(at);
  }

  function plain(text: string, depth = 0): string {
    if (text === "") return text;
    const t = text.normalize("NFKC");
    const spans: Span[] = [];
    knownSpans(t, spans);
    for (const p of findPersonalPatterns(t)) {
      const match = t.slice(p.start, p.end);
      const kind = p.kind;
      spans.push({ start: p.start, end: p.end, rank: 2, replace: () => (kind === "path" ? scrubPath(match) : names.pattern(kind, match)) });
    }
    if (depth < MAX_PERCENT_DEPTH && t.includes("%")) {
      // matchAll works on its own copy of the regex: the decoded run is scanned (with it) before the next run is found.
      for (const m of t.matchAll(PERCENT_RUN)) {
        if (!PERCENT_ESCAPE.test(m[0])) continue;
        const decoded = percentDecode(m[0]);
        const scrubbed = plain(decoded, depth + 1);
        if (scrubbed !== decoded)
          spans.push({ start: m.index, end: m.index + m[0].length, rank: 0, replace: () => percentEncode(scrubbed) });
      }
    }
    return apply(text, t, spans);
  }

  function knownOnly(text: string): string {
    if (text === "") return text;
    const t = text.normalize("NFKC");
    const spans: Span[] = [];
    knownSpans(t, spans);
    return apply(text, t, spans);
  }

  /** A path with every segment pseudonymised (a known value by its own pseudonym); separators, `.`, `..`, `~`, a drive and the extension kept. */
  function scrubPath(path: string): string {
    if (path.startsWith("<")) return knownOnly(path); // <string>, <frozen importlib._bootstrap>
    const parts = path.split(/([\\/]+)/);
    let last = parts.length - 1;
    while (last > 0 && parts[last] === "") last--;
    const endsWithSeparator = /[\\/]$/.test(path);
    const segment = (kind: "dir" | "file", part: string): string => {
      const key = knownKey(part);
      return known.has(key) ? names.known(key, part) : names.segment(kind, part);
    };
    return parts
      .map((part, i) => {
        if (i % 2 === 1 || part === "" || part === "." || part === ".." || part === "~" || /^[A-Za-z]:$/.test(part)) return part;
        if (i !== last || endsWithSeparator) return segment("dir", part);
        const ext = /(?<=.)\.([A-Za-z0-9]{1,8})$/.exec(part);
        return ext === null ? segment("file", part) : `${segment("file", part.slice(0, ext.index))}.${ext[1]}`;
      })
      .join("");
  }

  /** One line of a text; a Python traceback's `File` and exception lines keep their shape. */
  function line(text: string, strict: boolean): string {
    const free = strict ? shapeOf : (s: string): string => plain(s);
    const cr = text.endsWith("\r") ? "\r" : "";
    const body = cr === "" ? text : text.slice(0, -1);
    if (strict && TRACEBACK_HEAD.test(body)) return text;
    const file = FILE_LINE.exec(body);
    if (file !== null) {
      const [, indent, path, number, rest] = file as unknown as [string, string, string, string, string];
      const fn = FUNCTION_PART.exec(rest);
      const tail = fn === null ? free(rest) : `, in ${knownOnly(fn[1]!)}`;
      return `${indent}File "${scrubPath(path)}", line ${number}${tail}${cr}`;
    }
    const exception = EXCEPTION_LINE.exec(body);
    if (exception !== null && CLASS_NAME.test(exception[1]!.split(".").at(-1)!)) {
      const name = exception[1]!;
      const dot = name.lastIndexOf(".");
      const shown = strict && dot !== -1 ? `${shapeOf(name.slice(0, dot))}.${knownOnly(name.slice(dot + 1))}` : knownOnly(name);
      return `${shown}${exception[2]}${free(exception[3]!)}${cr}`;
    }
    return free(body) + cr;
  }

  return {
    scrub: (text) =>
      text
        .split("\n")
        .map((l) => line(l, false))
        .join("\n"),
    strict: (text) =>
      text
        .split("\n")
        .map((l) => line(l, true))
        .join("\n"),
    knownOnly,
  };
}

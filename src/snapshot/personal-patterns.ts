// The anonymiser's second net (issue 39): what gives a person or a customer away in free text that
// no field names: URLs (their userinfo, host, path and query), emails (any script), host names under
// any top-level domain, IPv4 and IPv6 addresses, phone numbers, credentials after a secret's name or
// `Bearer`, API keys, JWTs, long tokens, ids, file paths. Each kind is found by one scan of the text
// that costs linear time whatever the text: a regular expression starts only where its run of
// characters starts (a lookbehind on the same class) and every other repetition is bounded, or a
// plain loop over the text. The spans found may overlap; free-text.ts picks among them.

export type PatternKind =
  "url" | "email" | "host" | "ipv4" | "ipv6" | "phone" | "jwt" | "key" | "secret" | "uuid" | "hex" | "token" | "path";

export interface PatternSpan {
  start: number;
  end: number;
  kind: PatternKind;
}

const SECRET_NAMES =
  "api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|secret|password|passwd|pwd|token";

// Each regex: global, sticky-free; a run-scanning one starts only where its run starts.
const URL = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/[^\s"'<>`]+|(?<![\p{L}\p{N}_.-])www\.[^\s"'<>`]+/gu;
const IPV4 = /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?!\d|\.\d)/g;
// Keys, JWTs and tokens in any letter case (a text may have been upper- or lower-cased whole).
const JWT = /(?<![\w-])eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/gi;
const KEY =
  /(?<![\w-])(?:(?:sk|pk|rk)-[\w-]{8,}|(?:ghp|gho|ghu|ghs|ghr|github_pat)_\w{8,}|xox[abprs]-[\w-]{8,}|AKIA[0-9A-Z]{12,}|AIza[\w-]{20,})/gi;
const AUTH = /\b(?:bearer|basic|token)\s{1,8}([\w.~+/=-]{8,})/dgi;
const SECRET = new RegExp(String.raw`(?<![\w-])[\w.-]{0,40}?(?:${SECRET_NAMES})["']?\s{0,8}[:=]\s{0,8}["']?([^\s"',;&})\]>]+)`, "dgi");
const UUID = /(?<![0-9A-Za-z])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9A-Za-z])/g;
const HEX = /(?<![0-9A-Za-z])[0-9a-fA-F]{16,}(?![0-9A-Za-z])/g;
const TOKEN = /(?<![A-Za-z0-9+/_=-])(?=[A-Za-z0-9+/_-]*[0-9])(?=[A-Za-z0-9+/_-]*[A-Za-z])[A-Za-z0-9+/_-]{32,}={0,2}/g;
const PHONE_NATIONAL =
  /(?<![\w.+-])(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}(?![\w-]|\.\d)|(?<![\w.+-])0\d{1,4}[ /-]\d{3,4}[ -]?\d{3,4}(?![\w-]|\.\d)/g;
/** A word of a text holding a path separator: what paths are looked for in (from its start only: linear). */
const WORD_WITH_SEPARATOR = /(?<![^\s"'<>()[\]{},;|`*?])[^\s"'<>()[\]{},;|`*?/\\]*[/\\][^\s"'<>()[\]{},;|`*?]*/gu;
/** A run of characters a host name is made of, holding a dot (`_` too, so that `a_b.c` is seen whole and refused). */
const HOST_RUN = /(?<![\p{L}\p{N}\p{M}_.-])[\p{L}\p{N}\p{M}_-]*\.[\p{L}\p{N}\p{M}_.-]*/gu;
const HOST_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?$/u;
const TLD = /^\p{L}[\p{L}\p{M}]+$/u;
/** Last labels that make a file name, not a host (`app.py`, `secrets.env`). */
const FILE_EXTENSIONS = new Set(
  (
    "py pyc pyi ipynb js mjs cjs ts tsx jsx json jsonl ndjson txt csv tsv env md rst yaml yml toml ini cfg conf log html htm xml " +
    "sql sh bash zsh bat ps1 rb go rs java kt scala c h cc cpp hpp cs swift php pl lock pem key crt cer der p12 css scss png jpg jpeg " +
    "gif svg pdf zip gz tgz tar bz2 xz whl egg so dll exe bin dat db sqlite parquet pkl pickle pt onnx har"
  ).split(" "),
);
const IPV6_RUN = /(?<![0-9A-Fa-f:.])[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*/g;
const PATH_IN_WORD = /^(?:~|\.{1,2}|[A-Za-z]:)?(?:[/\\][^/\\]+){2,}[/\\]?$|^~[/\\][^/\\]+$|^(?:[^/\\]+[/\\])+[^/\\]*\.[A-Za-z0-9]{1,8}$/;
const TRAILING_PUNCTUATION = /[.,:;!?]+$/;

function collect(text: string, regex: RegExp, kind: PatternKind, into: PatternSpan[], group?: number): void {
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    if (group === undefined) into.push({ start: m.index, end: m.index + m[0].length, kind });
    else {
      const at = m.indices![group]!;
      into.push({ start: at[0], end: at[1], kind });
    }
    if (m[0].length === 0) regex.lastIndex++;
  }
}

/** Emails and URL userinfo (`local@domain`, any script, `user:pass@host` too), found from each `@`. */
function emails(text: string, into: PatternSpan[]): void {
  const local = /[\p{L}\p{N}\p{M}._%+:!#$&*=^~-]/u;
  const domain = /[\p{L}\p{N}\p{M}.-]/u;
  let previous = -1;
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    let start = at;
    while (start > previous + 1 && local.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && domain.test(text[end]!)) end++;
    while (end > at + 1 && text[end - 1] === ".") end--;
    if (start < at && end > at + 1) into.push({ start, end, kind: "email" });
    previous = at;
  }
}

const PHONE_GROUP = /\(?(\d{1,15})\)?/y;

/**
 * `+1 415 555 0100`, `+44 (20) 7946-0958`, `+49.30.1234567`: a `+`, then groups of digits (one in
 * parentheses at most) apart by one space, `-` or `.` (dots only with no space), 7 to 15 digits in all.
 */
function internationalPhones(text: string, into: PatternSpan[]): void {
  for (let plus = text.indexOf("+"); plus !== -1; plus = text.indexOf("+", plus + 1)) {
    if (plus > 0 && /[\w+]/.test(text[plus - 1]!)) continue;
    phoneAt(text, plus, plus + 1, into);
  }
  // The international prefix dialled as `00` (`0049 151 12345678`, `004915112345678`).
  for (const prefix of text.matchAll(INTERNATIONAL_00)) phoneAt(text, prefix.index, prefix.index + 2, into);
}

const INTERNATIONAL_00 = /(?<![\w.+-])00(?=[1-9])/g;

/** The phone whose prefix starts at `start` and whose digits at `from`, pushed into `into` when it is one. */
function phoneAt(text: string, start: number, from: number, into: PatternSpan[]): void {
  let digits = 0;
  let end = -1;
  let spaced = false;
  let dotted = false;
  for (let at = from; ;) {
    PHONE_GROUP.lastIndex = at;
    const group = PHONE_GROUP.exec(text);
    if (group === null || digits + group[1]!.length > 15) break;
    const after = at + group[0].length;
    const separator = text[after];
    if (separator === " " || separator === "\u00a0") spaced = true;
    else if (separator === ".") dotted = true;
    // A group that goes on as a dotted number after spaced groups (`+1 415 555 0100 10.0.0.1`) is not the phone's.
    if (spaced && dotted) break;
    digits += group[1]!.length;
    end = after;
    if (separator !== " " && separator !== "\u00a0" && separator !== "." && separator !== "-") break;
    at = end + 1;
  }
  if (end !== -1 && digits >= 7 && !/[\w.]/.test(text[end] ?? "")) into.push({ start, end, kind: "phone" });
}

/** Dotted host names under any top-level domain (`api.acme-bank.ch`, `payments-db.prod.svc`); not a module path, a file or a method call. */
function hosts(text: string, into: PatternSpan[]): void {
  HOST_RUN.lastIndex = 0;
  for (let m = HOST_RUN.exec(text); m !== null; m = HOST_RUN.exec(text)) {
    let run = m[0];
    if (run.includes("_")) continue;
    let start = m.index;
    while (run.startsWith(".")) {
      run = run.slice(1);
      start++;
    }
    run = run.replace(/\.+$/, "");
    const labels = run.split(".");
    if (labels.length < 2 || labels.some((label) => label.length > 63 || !HOST_LABEL.test(label))) continue;
    const tld = labels.at(-1)!;
    if (!TLD.test(tld) || FILE_EXTENSIONS.has(tld.toLowerCase())) continue;
    // CamelCase (a class: `urllib3.connection.HTTPSConnection`) is no host name.
    if (labels.some((label) => /\p{Lu}/u.test(label) && /\p{Ll}/u.test(label))) continue;
    const end = start + run.length;
    if (text[end] === "(") continue;
    into.push({ start, end, kind: "host" });
  }
}

/** IPv6 addresses (`2001:db8::1`, `fe80::1ff:fe23:4567:890a`, `::ffff:10.1.2.3`). */
function ipv6(text: string, into: PatternSpan[]): void {
  IPV6_RUN.lastIndex = 0;
  for (let m = IPV6_RUN.exec(text); m !== null; m = IPV6_RUN.exec(text)) {
    if (!m[0].includes("::") && m[0].split(":").length < 8) continue;
    let run = m[0].replace(/\.+$/, "");
    if (run.endsWith(":") && !run.endsWith("::")) run = run.slice(0, -1);
    const before = text[m.index - 1];
    const after = text[m.index + run.length];
    if ((before !== undefined && /[\p{L}\p{N}_]/u.test(before)) || (after !== undefined && /[\p{L}\p{N}_]/u.test(after))) continue;
    if (isIpv6(run)) into.push({ start: m.index, end: m.index + run.length, kind: "ipv6" });
  }
}

function isIpv6(text: string): boolean {
  const colons = text.split(":").length - 1;
  if (colons < 2 || text.length > 45) return false;
  const halves = text.split("::");
  if (halves.length > 2) return false;
  let groups = 0;
  for (const [h, half] of halves.entries()) {
    if (half === "") continue;
    const parts = half.split(":");
    for (const [i, part] of parts.entries()) {
      const last = h === halves.length - 1 && i === parts.length - 1;
      if (last && part.includes(".")) {
        if (!/^(?:\d{1,3}\.){3}\d{1,3}$/.test(part)) return false;
        groups += 2;
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(part)) groups++;
      else return false;
    }
  }
  return halves.length === 2 ? groups < 8 : groups === 8;
}

/** File paths (`/home/jane/app.py`, `C:\Users\jane`, `~/notes.txt`, `data/customers.csv`), found word by word. */
function paths(text: string, into: PatternSpan[]): void {
  WORD_WITH_SEPARATOR.lastIndex = 0;
  for (let m = WORD_WITH_SEPARATOR.exec(text); m !== null; m = WORD_WITH_SEPARATOR.exec(text)) {
    const word = m[0];
    const separator = word.search(/[/\\]/);
    // Back from the first separator over the segment it ends (`file=/x/y`: from `/`; `data/x.csv`: from `d`).
    let start = separator;
    while (start > 0 && /[\p{L}\p{N}\p{M}_.~@+%-]/u.test(word[start - 1]!)) start--;
    if (start >= 2 && word[start - 1] === ":" && /[A-Za-z]/.test(word[start - 2]!) && (start === 2 || !/[\w]/.test(word[start - 3]!)))
      start -= 2;
    let candidate = word.slice(start);
    const trail = TRAILING_PUNCTUATION.exec(candidate)?.[0] ?? "";
    candidate = candidate.slice(0, candidate.length - trail.length);
    if (/:\/\//.test(candidate)) continue; // a URL's (found whole as one)
    if (PATH_IN_WORD.test(candidate)) into.push({ start: m.index + start, end: m.index + start + candidate.length, kind: "path" });
  }
}

/** Every span of personal data the patterns find in `text`, unsorted and possibly overlapping. */
export function findPersonalPatterns(text: string): PatternSpan[] {
  const found: PatternSpan[] = [];
  collect(text, URL, "url", found);
  emails(text, found);
  hosts(text, found);
  collect(text, IPV4, "ipv4", found);
  ipv6(text, found);
  internationalPhones(text, found);
  collect(text, PHONE_NATIONAL, "phone", found);
  // A secret after its name first: at one place, the first found wins.
  collect(text, AUTH, "secret", found, 1);
  collect(text, SECRET, "secret", found, 1);
  collect(text, JWT, "jwt", found);
  collect(text, KEY, "key", found);
  collect(text, UUID, "uuid", found);
  collect(text, HEX, "hex", found);
  collect(text, TOKEN, "token", found);
  paths(text, found);
  return found;
}

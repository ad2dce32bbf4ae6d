// The snapshot's anonymiser (issue 33, `snapshot --anonymize`): turns a real provider's records into
// records the mock can serve without anyone's data in them. Pure: no I/O, no clock.
//
// Every pseudonym comes from HMAC-SHA256(salt, kind + ":" + original), so it is deterministic for
// (value, salt), another salt gives others, and one value gets one pseudonym everywhere: in lists and
// by-id answers, in evaluations and human evaluations, in a field and inside an error text. Ids are
// one kind whatever field holds them (an app's records stay together, a deleted variant's name keeps
// following its id), and keep their form: a 24-hex ObjectId stays one (the by-id route and the
// `malformed-id` surface look at that form, src/contract/client-cases.ts).
//
// What a client case looks at is kept: statuses, types, numbers, timestamps, evaluator keys,
// revisions, nulls, "" (a deleted test set, an empty username), {} (a deleted evaluator config),
// the structure and the key order. The report holds field paths and counts only, never a value.
import { createHmac, randomBytes } from "node:crypto";
import type { Dataset } from "../types/dataset.js";
import { isPlainObject } from "../types/json.js";

export interface AnonymizedField {
  /** Where, e.g. `evaluations[].user_username`, `evaluations[].aggregated_results[].evaluator_config.settings_values.*`. */
  field: string;
  /** Values changed. */
  replaced: number;
  /** Distinct original values among them. */
  distinct: number;
}

/** Only field paths and counts: never an original value, nor a pseudonym. */
export interface AnonymizationReport {
  fields: AnonymizedField[];
}

export interface Anonymizer {
  /** A new record (keys in the same order, only the anonymised fields changed); a non-object is returned as it is. */
  evaluation(record: unknown): unknown;
  humanEvaluation(record: unknown): unknown;
  /**
   * Remembers the record's user name, so that every text anonymised after this is scrubbed of it too
   * (a traceback may name another user than the record's own). Each record is learnt when it is
   * anonymised; learning all of them first (what anonymizeDataset does) makes the order not matter.
   */
  learn(record: unknown): void;
  /** What was replaced so far, by field. */
  report(): AnonymizationReport;
}

/** 16 random bytes as hex: the salt when none is given (another run, other pseudonyms). */
export function randomSalt(): string {
  return randomBytes(16).toString("hex");
}

const OBJECT_ID = /^[0-9a-fA-F]{24}$/;
/** A username this long is scrubbed wherever it appears in a text, a shorter one as a whole word. */
const MIN_USERNAME_ANYWHERE = 5;
/** Other users' names (learnt from other records) this long are scrubbed from texts, as whole words. */
const MIN_KNOWN_USERNAME = 3;
/** A word of a text, as other users' names are looked up (case-insensitively). */
const WORD = /[\p{L}\p{N}._+-]+/gu;
const WORD_EDGES = /^[._+-]+|[._+-]+$/g;
/** After this many collisions a pseudonym is taken as it is (only ids of a few characters get there). */
const MAX_ATTEMPTS = 16;

type Draw = (bytes: number) => Buffer;
type Rule = (value: unknown, path: string, ctx: RecordContext) => unknown;

/** What the rules of one record read of its original: text scrubbing and variant names depend on them. */
interface RecordContext {
  username: string;
  variantIds: readonly unknown[];
}

const hexOf = (bytes: Buffer, length: number): string => bytes.toString("hex").slice(0, length);

const DIGITS = "0123456789";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const HEX_LOWER = "0123456789abcdef";
const HEX_UPPER = HEX_LOWER.toUpperCase();

/**
 * A pseudonym of the same form: a 24-hex id becomes 24 lower-case hex (a valid ObjectId); any other
 * id keeps its length, separators and character classes (a UUID stays a UUID, an all-digit id digits).
 */
function sameForm(original: string, draw: Draw): string {
  if (OBJECT_ID.test(original)) return hexOf(draw(12), 24);
  const chars = [...original];
  const alnum = chars.filter((c) => /[0-9A-Za-z]/.test(c)).join("");
  const hexLower = /^[0-9a-f]*[a-f][0-9a-f]*$/.test(alnum);
  const hexUpper = !hexLower && /^[0-9A-F]*[A-F][0-9A-F]*$/.test(alnum);
  const bytes = draw(chars.length);
  return chars
    .map((c, i) => {
      const b = bytes[i]!;
      if (hexLower && /[0-9a-f]/.test(c)) return HEX_LOWER[b % 16];
      if (hexUpper && /[0-9A-F]/.test(c)) return HEX_UPPER[b % 16];
      if (/\p{N}/u.test(c)) return DIGITS[b % 10];
      if (/\p{Lu}/u.test(c)) return UPPER[b % 26];
      if (/\p{L}/u.test(c)) return LOWER[b % 26];
      return c;
    })
    .join("");
}

/** A regex source matching `word` in any letter case (the combined text pattern cannot use the `i` flag). */
function anyCase(word: string): string {
  return [...word]
    .map((c) => {
      const lower = c.toLowerCase();
      const upper = c.toUpperCase();
      const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return lower === upper || lower.length !== 1 || upper.length !== 1 ? escaped(c) : `[${escaped(lower)}${escaped(upper)}]`;
    })
    .join("");
}

const SECRET_KEYS = [
  "api[_-]?key",
  "apikey",
  "access[_-]?token",
  "auth[_-]?token",
  "refresh[_-]?token",
  "client[_-]?secret",
  "secret",
  "password",
  "passwd",
  "pwd",
  "token",
];
const secretKeys = SECRET_KEYS.map((k) => k.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`)).join("|");
const SEGMENT = String.raw`[A-Za-z0-9_.@+~%-]+`;
const SECRET_VALUE = String.raw`[^\s"',;&})\]>]+`;
const SECRET_TAIL = new RegExp(String.raw`(["']?\s*[:=]\s*["']?)(${SECRET_VALUE})$`);

/**
 * What free text gives away, tried left to right; at one position the first alternative wins (an
 * email before the username inside it, a path before a token made of its characters). Each
 * alternative that scans a run of characters starts only where such a run starts (a lookbehind),
 * so a long text costs linear time, not quadratic.
 */
type TextKind = "url" | "email" | "host" | "auth" | "secret" | "jwt" | "key" | "uuid" | "ip" | "hex" | "path" | "token" | "user";
const TEXT_ALTERNATIVES: ReadonlyArray<[TextKind, string]> = [
  ["url", String.raw`(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>\x60]+|\bwww\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+[^\s"'<>\x60]*`],
  ["email", String.raw`(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`],
  // A bare host name (urllib3's `HTTPSConnectionPool(host='llm.acme-corp.com', ...)`): dotted labels ending in a
  // top-level domain of letters a host name has (not a Python module path: those end in a module's name).
  [
    "host",
    String.raw`(?<![A-Za-z0-9@.-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?:com|net|org|io|ai|dev|app|co|cloud|internal|local|lan|corp|intra|example|biz|info|tech|us|uk|de|fr|eu|nl|ca|au|in|jp)(?![A-Za-z0-9-])`,
  ],
  ["auth", String.raw`\b(?:${anyCase("bearer")}|${anyCase("basic")})\s+[A-Za-z0-9._~+\/=-]{8,}`],
  ["secret", String.raw`(?<![A-Za-z0-9_-])[A-Za-z0-9_-]*?(?:${secretKeys})["']?\s*[:=]\s*["']?${SECRET_VALUE}`],
  ["jwt", String.raw`\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`],
  [
    "key",
    String.raw`\b(?:sk|pk|rk)-[A-Za-z0-9_-]{8,}|\b(?:ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{8,}|\bxox[abprs]-[A-Za-z0-9-]{8,}|\bAKIA[0-9A-Z]{12,}|\bAIza[0-9A-Za-z_-]{20,}`,
  ],
  ["uuid", String.raw`(?<![0-9A-Za-z])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9A-Za-z])`],
  ["ip", String.raw`(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?!\.?\d)`],
  ["hex", String.raw`(?<![0-9A-Za-z])[0-9a-fA-F]{16,}(?![0-9A-Za-z])`],
  [
    "path",
    String.raw`(?<![A-Za-z0-9_.~\/\\-])(?:~|\.{1,2}|[A-Za-z]:)?(?:[\/\\]${SEGMENT}){2,}[\/\\]?|(?<![A-Za-z0-9_.~\/\\-])~[\/\\]${SEGMENT}|(?<![A-Za-z0-9_.~\/\\-])${SEGMENT}(?:[\/\\]${SEGMENT})*[\/\\]${SEGMENT}\.[A-Za-z0-9]{1,8}(?![A-Za-z0-9])`,
  ],
  [
    "token",
    String.raw`(?<![A-Za-z0-9+\/_=-])(?=[A-Za-z0-9+\/_-]*[0-9])(?=[A-Za-z0-9+\/_-]*[A-Z])(?=[A-Za-z0-9+\/_-]*[a-z])[A-Za-z0-9+\/_-]{32,}={0,2}`,
  ],
];

const FILE_LINE = /^(\s*)File "([^"]*)", line (\d+)(.*)$/;
const FUNCTION_PART = /^, in (.*)$/;
const EXCEPTION_LINE = /^([A-Za-z_][A-Za-z0-9_.]*)(:\s?)(.*)$/;
const CLASS_NAME = /^[A-Z][A-Za-z0-9_]*$/;
const KNOWN_KEY_PREFIX = /^(?:sk|pk|rk|ghp|gho|ghu|ghs|ghr|github_pat|xox[abprs]|AKIA|AIza)[-_]?/;

/** The field's path segment for a key the schemas do not know (the key itself when it reads as a field name). */
const keyPath = (key: string): string => (/^[A-Za-z_$][A-Za-z0-9_$-]{0,63}$/.test(key) ? key : "*");

/** Sets `key` on `out` as an own property, `__proto__` included (a plain assignment would set the prototype). */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

export function createAnonymizer(salt: string): Anonymizer {
  // Per kind: original -> pseudonym, and pseudonym -> original (two originals never share one).
  const given = new Map<string, Map<string, string>>();
  const owners = new Map<string, Map<string, string>>();
  const fields = new Map<string, { replaced: number; originals: Set<string> }>();
  const texts = new Map<string, string>();
  // User names seen in records (lower case -> as first seen), scrubbed from every text.
  const known = new Map<string, string>();
  const patterns = new Map<string, { all: RegExp; user: RegExp | undefined }>();

  const hmac = (label: string, original: string): Buffer => createHmac("sha256", salt).update(`${label}:${original}`).digest();

  /** The pseudonym of `original` as a `kind`: made once from its HMAC, then remembered. */
  function pseudonym(kind: string, original: string, make: (draw: Draw) => string): string {
    let byOriginal = given.get(kind);
    if (byOriginal === undefined) given.set(kind, (byOriginal = new Map()));
    const known = byOriginal.get(original);
    if (known !== undefined) return known;
    let byPseudonym = owners.get(kind);
    if (byPseudonym === undefined) owners.set(kind, (byPseudonym = new Map()));
    let made = "";
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // HMAC(salt, kind:original); a retry after a collision (short ids only, in practice) labels
      // the kind with its number. A long value (an id of more than 32 characters) takes more blocks,
      // each the HMAC of the first one and its number: the original is hashed once, not per block.
      const draw: Draw = (n) => {
        const first = hmac(attempt === 0 ? kind : `${kind}#${attempt}`, original);
        const blocks = [first];
        for (let block = 1; blocks.length * 32 < n; block++) blocks.push(hmac(`${first.toString("hex")}#${block}`, ""));
        return Buffer.concat(blocks).subarray(0, n);
      };
      made = make(draw);
      if (made !== original && !byPseudonym.has(made)) break;
    }
    byPseudonym.set(made, original);
    byOriginal.set(original, made);
    return made;
  }

  const tagged =
    (kind: string, prefix: string, digits = 6) =>
    (original: string) =>
      pseudonym(kind, original, (draw) => `${prefix}-${hexOf(draw(Math.ceil(digits / 2)), digits)}`);
  const id = (original: string): string => pseudonym("id", original, (draw) => sameForm(original, draw));
  const username = tagged("username", "user");
  const appName = tagged("app", "app");
  const variantPart = tagged("variant", "variant");
  const testsetName = tagged("testset", "testset");
  const evaluatorName = tagged("evaluator", "evaluator");
  const genericValue = tagged("value", "value", 8);
  const redacted = tagged("secret", "redacted", 12);
  const pathSegment = tagged("dir", "dir");
  const fileSegment = tagged("file", "file");

  /** Counts a change of `original` at `path`; returns the new value. */
  function changed(path: string, original: string, value: string): string {
    if (value === original) return value;
    let field = fields.get(path);
    if (field === undefined) fields.set(path, (field = { replaced: 0, originals: new Set() }));
    field.replaced++;
    field.originals.add(original);
    return value;
  }

  /** Any value with every non-empty string in it replaced (a 24-hex id by its id pseudonym), counted under `path`. */
  function scrubAll(value: unknown, path: string): unknown {
    if (typeof value === "string")
      return value === "" ? value : changed(path, value, OBJECT_ID.test(value) ? id(value) : genericValue(value));
    if (Array.isArray(value)) return value.map((item) => scrubAll(item, path));
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) put(out, key, scrubAll(value[key], path));
      return out;
    }
    return value;
  }

  /** A field the schemas do not know: its strings replaced (a provider's extra field may hold anything). */
  const extra = (value: unknown, path: string): unknown => scrubAll(value, typeof value === "string" ? path : `${path}.*`);

  /** A rule for a string field: "" stays "", another string gets `replace`; objects and arrays are scrubbed, other values kept. */
  const stringRule =
    (replace: (value: string, ctx: RecordContext) => string): Rule =>
    (value, path, ctx) => {
      if (typeof value === "string") return value === "" ? value : changed(path, value, replace(value, ctx));
      return typeof value === "object" && value !== null ? scrubAll(value, `${path}.*`) : value;
    };

  /** A rule for an array of strings (a lone value where the array should be gets the item rule). */
  const listRule =
    (item: Rule): Rule =>
    (value, path, ctx) =>
      Array.isArray(value) ? value.map((v) => item(v, `${path}[]`, ctx)) : item(value, path, ctx);

  /** Kept values are copied (a JSON value: primitives as they are, containers rebuilt in order). */
  const keep: Rule = (value) => copy(value);

  /** A rule for an object: its known keys by their rules, any other key as an extra field. */
  function objectRule(rules: ReadonlyMap<string, Rule>, otherwise: Rule = keep): Rule {
    return (value, path, ctx) => {
      if (!isPlainObject(value)) return Array.isArray(value) ? scrubAll(value, `${path}.*`) : otherwise(value, path, ctx);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const rule = rules.get(key);
        const field = `${path}.${rule === undefined ? keyPath(key) : key}`;
        put(out, key, rule === undefined ? extra(value[key], field) : rule(value[key], field, ctx));
      }
      return out;
    };
  }

  // ---- Free text: error messages and stack traces.

  function patternsFor(user: string): { all: RegExp; user: RegExp | undefined } {
    let found = patterns.get(user);
    if (found !== undefined) return found;
    // A username of a few letters ("bob") is matched as a word only, or every word holding it would
    // be cut; a longer one anywhere, in any case (`jane.doe_backup`, `Jane.Doe`).
    const userSource =
      user === "" ? undefined : user.length >= MIN_USERNAME_ANYWHERE ? anyCase(user) : `(?<![A-Za-z0-9_])${anyCase(user)}(?![A-Za-z0-9_])`;
    const alternatives = [...TEXT_ALTERNATIVES, ...(userSource === undefined ? [] : [["user", userSource] as [TextKind, string]])];
    found = {
      all: new RegExp(alternatives.map(([name, source]) => `(?<${name}>${source})`).join("|"), "g"),
      user: userSource === undefined ? undefined : new RegExp(userSource, "g"),
    };
    patterns.set(user, found);
    return found;
  }

  /** A path with every segment pseudonymised, separators, `.`, `..`, `~`, a drive and the extension kept. */
  function scrubPath(path: string, user: string): string {
    if (path.startsWith("<")) return onlyUser(path, user); // <string>, <frozen importlib._bootstrap>
    const parts = path.split(/([\\/]+)/);
    let last = parts.length - 1;
    while (last > 0 && parts[last] === "") last--;
    const endsWithSeparator = /[\\/]$/.test(path);
    return parts
      .map((part, i) => {
        if (i % 2 === 1 || part === "" || part === "." || part === ".." || part === "~" || /^[A-Za-z]:$/.test(part)) return part;
        if (i !== last || endsWithSeparator) return pathSegment(part);
        const ext = /(?<=.)\.([A-Za-z0-9]{1,8})$/.exec(part);
        return ext === null ? fileSegment(part) : `${fileSegment(part.slice(0, ext.index))}.${ext[1]}`;
      })
      .join("");
  }

  function replaceMatch(kind: TextKind, match: string, user: string): string {
    switch (kind) {
      case "url": {
        const trail = /[.,;:!?)\]}'"]+$/.exec(match)?.[0] ?? "";
        const url = match.slice(0, match.length - trail.length);
        const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1];
        const host = tagged("url", "host")(url);
        const hasPath = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/)?[^/?#]*[/?#]./.test(url);
        const rest = hasPath ? `/${tagged("url-path", "path", 8)(url)}` : "";
        return `${scheme === undefined ? "www." : `${scheme}://`}${host}.invalid${rest}${trail}`;
      }
      case "email":
        return `${tagged("email", "email")(match)}@example.invalid`;
      case "host":
        return `${tagged("url", "host")(match.toLowerCase())}.invalid`;
      case "auth": {
        const [scheme = "", token = ""] = match.split(/\s+/);
        return `${scheme} ${redacted(token)}`;
      }
      case "secret": {
        const at = SECRET_TAIL.exec(match)!;
        return `${match.slice(0, at.index)}${at[1]}${redacted(at[2]!)}`;
      }
      case "jwt":
      case "token":
        return redacted(match);
      case "key":
        return `${KNOWN_KEY_PREFIX.exec(match)?.[0] ?? ""}${redacted(match)}`;
      case "uuid":
      case "hex":
        return id(match);
      case "ip":
        return pseudonym("ip", match, (draw) => `192.0.2.${(draw(1)[0]! % 254) + 1}`);
      case "path":
        return scrubPath(match, user);
      case "user":
        return username(user);
    }
  }

  function scrubFree(text: string, user: string): string {
    return text.replace(patternsFor(user).all, (match: string, ...args: unknown[]) => {
      const groups = args.at(-1) as Record<string, string | undefined>;
      const kind = Object.keys(groups).find((name) => groups[name] !== undefined) as TextKind;
      return replaceMatch(kind, match, user);
    });
  }

  function onlyUser(text: string, user: string): string {
    const pattern = patternsFor(user).user;
    return pattern === undefined ? text : text.replace(pattern, () => username(user));
  }

  /** One line, a Python traceback's shape kept: `File "<path>", line N, in f` and `Name: message` keep N, f and Name. */
  function scrubLine(line: string, user: string): string {
    const cr = line.endsWith("\r") ? "\r" : "";
    const body = cr === "" ? line : line.slice(0, -1);
    const file = FILE_LINE.exec(body);
    if (file !== null) {
      const [, indent, path, number, rest] = file as unknown as [string, string, string, string, string];
      const fn = FUNCTION_PART.exec(rest);
      const tail = fn === null ? scrubFree(rest, user) : `, in ${onlyUser(fn[1]!, user)}`;
      return `${indent}File "${scrubPath(path, user)}", line ${number}${tail}${cr}`;
    }
    const exception = EXCEPTION_LINE.exec(body);
    if (exception !== null && CLASS_NAME.test(exception[1]!.split(".").at(-1)!))
      return `${onlyUser(exception[1]!, user)}${exception[2]}${scrubFree(exception[3]!, user)}${cr}`;
    return scrubFree(body, user) + cr;
  }

  /** Words that are a known user's name (any case, edge punctuation aside) replaced by that name's pseudonym. */
  function scrubKnown(text: string): string {
    if (known.size === 0) return text;
    return text.replace(WORD, (word) => {
      const name = known.get(word.toLowerCase()) ?? known.get(word.replace(WORD_EDGES, "").toLowerCase());
      if (name === undefined) return word;
      const at = word.toLowerCase().indexOf(name.toLowerCase());
      // (A letter whose lower case has another length: the whole word goes.)
      return at === -1 ? username(name) : `${word.slice(0, at)}${username(name)}${word.slice(at + name.length)}`;
    });
  }

  function scrubText(text: string, user: string): string {
    const key = `${user}\u0000${text}`;
    let done = texts.get(key);
    if (done === undefined)
      texts.set(
        key,
        (done = text
          .split("\n")
          .map((line) => scrubKnown(scrubLine(line, user)))
          .join("\n")),
      );
    return done;
  }

  // ---- The records' fields (schemas/*.json).

  const idRule = stringRule(id);
  const textRule = stringRule((text, ctx) => scrubText(text, ctx.username));
  /** An evaluator config name; one that is an id (a fallback) follows its id. */
  const nameRule = (named: (value: string) => string) => stringRule((value) => (OBJECT_ID.test(value) ? id(value) : named(value)));
  /**
   * `app.name` keeps its shape (docs/snapshot.md), each part pseudonymised on its own: the app part
   * is the same in all names of one app, the rest the same wherever it is. A name without a dot is
   * one pseudonym.
   */
  const dotted = (name: string, rest: (part: string) => string): string => {
    const dot = name.indexOf(".");
    if (dot === -1) return rest(name);
    const app = name.slice(0, dot);
    const part = name.slice(dot + 1);
    return `${app === "" ? "" : appName(app)}.${part === "" ? "" : rest(part)}`;
  };
  const testsetRule = stringRule((name) => (OBJECT_ID.test(name) ? id(name) : dotted(name, testsetName)));
  /**
   * A variant name (`app.variant`). One that fell back to its variant's id (domain notes) follows
   * the id, so the client case `evaluation-deleted-variant` (name === id) is still recognised.
   */
  const variantNameRule = stringRule((name, ctx) =>
    OBJECT_ID.test(name) || ctx.variantIds.includes(name) ? id(name) : dotted(name, variantPart),
  );

  const errorRule = objectRule(
    new Map([
      ["message", textRule],
      ["stacktrace", textRule],
    ]),
    textRule,
  );
  /** Strings anywhere in a value scrubbed as free text (numbers, booleans, null kept). */
  const textDeep: Rule = (value, path, ctx) => {
    if (typeof value === "string") return textRule(value, path, ctx);
    if (Array.isArray(value)) return value.map((item) => textDeep(item, path, ctx));
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) put(out, key, textDeep(value[key], path.endsWith(".*") ? path : `${path}.*`, ctx));
    return out;
  };
  /**
   * A Result (seed 2.3): type kept, the error's texts scrubbed. A status's value is kept (client
   * cases read it); any other value is a number in practice, kept, but a text one (the seed leaves
   * its type open) is scrubbed as free text.
   */
  const resultRule = (value: Rule): Rule =>
    objectRule(
      new Map<string, Rule>([
        ["type", keep],
        ["value", value],
        ["error", errorRule],
      ]),
    );
  const statusRule = resultRule(keep);
  const valueResultRule = resultRule(textDeep);
  const settingsRule: Rule = (value, path) => scrubAll(value, isPlainObject(value) || Array.isArray(value) ? `${path}.*` : path);
  /** EvaluatorConfig (seed 2.4); the anyOf's other branch, {} for a deleted config, goes through it unchanged. */
  const configRule = objectRule(
    new Map<string, Rule>([
      ["id", idRule],
      ["name", nameRule(evaluatorName)],
      ["evaluator_key", keep],
      ["settings_values", settingsRule],
      ["created_at", keep],
      ["updated_at", keep],
    ]),
  );
  const aggregatedRule = objectRule(
    new Map<string, Rule>([
      ["evaluator_config", configRule],
      ["result", valueResultRule],
    ]),
  );

  // Both spellings of the revision ids in both resources (seed 2.1 note): a provider may mix them up.
  const common: ReadonlyArray<[string, Rule]> = [
    ["id", idRule],
    ["app_id", idRule],
    ["user_id", idRule],
    ["user_username", stringRule(username)],
    ["variant_ids", listRule(idRule)],
    ["variant_names", listRule(variantNameRule)],
    ["variant_revision_ids", listRule(idRule)],
    ["variants_revision_ids", listRule(idRule)],
    ["revisions", keep],
    ["testset_id", idRule],
    ["testset_name", testsetRule],
    ["created_at", keep],
    ["updated_at", keep],
  ];
  const evaluationRule = objectRule(
    new Map<string, Rule>([
      ...common,
      ["status", statusRule],
      ["aggregated_results", listRule(aggregatedRule)],
      ["average_cost", valueResultRule],
      ["total_cost", valueResultRule],
      ["average_latency", valueResultRule],
    ]),
  );
  // HumanEvaluation.status is a plain string (seed 3), kept; an object there is read as a Result.
  const humanStatusRule: Rule = (value, path, ctx) => (isPlainObject(value) ? statusRule(value, path, ctx) : keep(value, path, ctx));
  const humanRule = objectRule(new Map<string, Rule>([...common, ["evaluation_type", keep], ["status", humanStatusRule]]));

  const contextOf = (record: Record<string, unknown>): RecordContext => ({
    username: typeof record.user_username === "string" ? record.user_username : "",
    variantIds: Array.isArray(record.variant_ids) ? record.variant_ids : [],
  });
  function learn(record: unknown): void {
    if (!isPlainObject(record) || typeof record.user_username !== "string") return;
    const name = record.user_username;
    const lower = name.toLowerCase();
    if (name.length < MIN_KNOWN_USERNAME || known.has(lower)) return;
    known.set(lower, name);
    // Texts scrubbed before were scrubbed of fewer names.
    texts.clear();
  }
  const anonymize = (rule: Rule, path: string) => (record: unknown) => {
    if (!isPlainObject(record)) return record;
    learn(record);
    return rule(record, path, contextOf(record));
  };

  return {
    evaluation: anonymize(evaluationRule, "evaluations[]"),
    humanEvaluation: anonymize(humanRule, "human_evaluations[]"),
    learn,
    report: () => ({
      fields: [...fields].map(([field, { replaced, originals }]) => ({ field, replaced, distinct: originals.size })),
    }),
  };
}

/** A copy of a JSON value: containers rebuilt (keys in order), primitives as they are. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) put(out, key, copy(value[key]));
  return out;
}

/** A whole dataset anonymised with one anonymiser, so pseudonyms agree across both lists. */
export function anonymizeDataset(
  dataset: { evaluations: unknown[]; human_evaluations: unknown[] },
  salt: string,
): { dataset: Dataset; report: AnonymizationReport } {
  const anonymizer = createAnonymizer(salt);
  // Every user name first: a text is scrubbed of the users of records listed after it too.
  for (const list of [dataset.evaluations, dataset.human_evaluations]) if (Array.isArray(list)) list.forEach(anonymizer.learn);
  const map = (list: unknown, record: (value: unknown) => unknown): unknown[] => (Array.isArray(list) ? list.map(record) : []);
  const evaluations = map(dataset.evaluations, anonymizer.evaluation);
  const human = map(dataset.human_evaluations, anonymizer.humanEvaluation);
  // The records keep the input's shape (only strings changed); whether it conforms is the checker's call.
  return { dataset: { evaluations, human_evaluations: human } as Dataset, report: anonymizer.report() };
}

// The snapshot's anonymiser (issues 33 and 39, `snapshot --anonymize`): turns a real provider's records
// into records the mock can serve without anyone's data in them. Pure: no I/O, no clock.
//
// Every pseudonym comes from HMAC-SHA256(salt, kind + ":" + original), so it is deterministic for
// (value, salt), another salt gives others, and one value gets one pseudonym everywhere: in lists and
// by-id answers, in evaluations and human evaluations, in a field and inside any text. Ids are one
// kind whatever field holds them (an app's records stay together, a deleted variant's name keeps
// following its id), and keep their form: a 24-hex ObjectId stays one (the by-id route and the
// `malformed-id` surface look at that form, src/contract/client-cases.ts).
//
// Two nets catch what is left in free text (free-text.ts): every value replaced in an identifying
// field is a known value, found again in every text and property name whatever its case, Unicode form
// or percent-encoding (known-values.ts); patterns find what no field names (personal-patterns.ts).
// Property names that are not the contract's are pseudonymised; a string or a number where the
// contract expects an object is free text. In strict mode every free text becomes a placeholder of
// its shape, a Python traceback's frames and exception names aside.
//
// What a client case looks at is kept: statuses, types, numbers, timestamps, evaluator keys,
// revisions, nulls, "" (a deleted test set, an empty username), {} (a deleted evaluator config),
// the structure and the key order. The report holds field paths and counts only, never a value.
import { createHmac, randomBytes } from "node:crypto";
import type { Dataset } from "../types/dataset.js";
import { isPlainObject } from "../types/json.js";
import { createFreeText } from "./free-text.js";
import { KnownValues, knownKey } from "./known-values.js";

export interface AnonymizedField {
  /** Where, e.g. `evaluations[].user_username`, `evaluations[].aggregated_results[].evaluator_config.settings_values.*`. */
  field: string;
  /** Values changed. */
  replaced: number;
  /** Distinct original values among them. */
  distinct: number;
}

/** Only field paths (a property the contract does not name: by its pseudonym, as in the file) and counts: never an original value. */
export interface AnonymizationReport {
  fields: AnonymizedField[];
}

export interface AnonymizeOptions {
  /** Every free-text string replaced by a placeholder of its shape (a Python traceback's frames and exception names kept). */
  strict?: boolean;
}

export interface Anonymizer {
  /** A new record (keys in the same order, only the anonymised fields and unknown property names changed). */
  evaluation(record: unknown): unknown;
  humanEvaluation(record: unknown): unknown;
  /**
   * Remembers the record's identifying values (user name, ids, app, test set, variant and evaluator
   * config names), so that every text anonymised after this is scrubbed of them too. Each record is
   * learnt when it is anonymised; learning all of them first (what anonymizeDataset and snapshot do)
   * makes the order not matter.
   */
  learn(record: unknown): void;
  /** A free text through both nets (strict: its placeholder), not counted in the report: for messages about the data. */
  text(text: string): string;
  /** What `run` anonymises is not counted in the report (a by-id answer compared with its list record). */
  uncounted<T>(run: () => T): T;
  /** What was replaced so far, by field. */
  report(): AnonymizationReport;
}

/** 16 random bytes as hex: the salt when none is given (another run, other pseudonyms). */
export function randomSalt(): string {
  return randomBytes(16).toString("hex");
}

const OBJECT_ID = /^[0-9a-fA-F]{24}$/;
/** After this many collisions a pseudonym is taken as it is (only ids of a few characters get there). */
const MAX_ATTEMPTS = 16;
/** Kept strings look like what the contract puts there; anything else in those slots is free text. */
const UPPER_WORD = /^[A-Z][A-Z0-9_]*$/;
const LOWER_WORD = /^[a-z][a-z0-9_]*$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const DIGITS_ONLY = /^\d{1,20}$/;
/**
 * The evaluator settings of the real service (src/generate/evaluator-kinds.ts, the schema's examples):
 * the only property names of settings_values kept; any other is pseudonymised.
 */
const SETTINGS_KEYS: ReadonlySet<string> = new Set([
  "similarity_threshold",
  "correct_answer_key",
  "regex_pattern",
  "regex_should_match",
  "json_field",
  "prompt_template",
  "code",
  "webhook_url",
  "prefix",
  "suffix",
  "case_sensitive",
  "substring",
  "substrings",
  "threshold",
  "compare_schema_only",
]);

type Draw = (bytes: number) => Buffer;
type Rule = (value: unknown, path: string, ctx: RecordContext) => unknown;

/** What the rules of one record read of its original: variant names depend on its variant ids. */
interface RecordContext {
  variantIds: readonly unknown[];
}
const NO_CONTEXT: RecordContext = { variantIds: [] };

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
      if (/\p{M}/u.test(c)) return "";
      return c.charCodeAt(0) < 0x80 ? c : "-";
    })
    .join("");
}

const KNOWN_KEY_PREFIX = /^(?:sk|pk|rk|ghp|gho|ghu|ghs|ghr|github_pat|xox[abprs]|AKIA|AIza)[-_]?/;

/** Sets `key` on `out` as an own property, `__proto__` included (a plain assignment would set the prototype). */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

export function createAnonymizer(salt: string, options: AnonymizeOptions = {}): Anonymizer {
  const strict = options.strict === true;
  // Per kind: original -> pseudonym, and pseudonym -> original (two originals never share one).
  const given = new Map<string, Map<string, string>>();
  const owners = new Map<string, Map<string, string>>();
  const fields = new Map<string, { replaced: number; originals: Set<string> }>();
  const texts = new Map<string, string>();
  let textsKnown = 0;
  let counting = true;
  // The known values: folded key -> the pseudonym of each original spelling (the first one for any other).
  const known = new KnownValues();
  const knownNames = new Map<string, { first: () => string; byOriginal: Map<string, () => string> }>();

  const hmac = (label: string, original: string): Buffer => createHmac("sha256", salt).update(`${label}:${original}`).digest();

  /** The pseudonym of `original` as a `kind`: made once from its HMAC, then remembered. */
  function pseudonym(kind: string, original: string, make: (draw: Draw) => string): string {
    let byOriginal = given.get(kind);
    if (byOriginal === undefined) given.set(kind, (byOriginal = new Map()));
    const done = byOriginal.get(original);
    if (done !== undefined) return done;
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
  const propertyName = tagged("property", "field", 8);
  const redacted = tagged("secret", "redacted", 12);
  const pathSegment = tagged("dir", "dir");
  const fileSegment = tagged("file", "file");
  const urlHost = tagged("url", "host");
  const urlPath = tagged("url-path", "path", 8);
  const email = tagged("email", "email");

  /** `value` is a known value from now on: found in any text, it becomes `replacement()`. */
  function remember(value: string, replacement: () => string): void {
    const key = known.add(value);
    if (key === undefined) return;
    let entry = knownNames.get(key);
    if (entry === undefined) knownNames.set(key, (entry = { first: replacement, byOriginal: new Map() }));
    if (!entry.byOriginal.has(value)) entry.byOriginal.set(value, replacement);
  }

  const freeText = createFreeText(known, {
    known: (key, original) => {
      const entry = knownNames.get(key)!;
      return (entry.byOriginal.get(original) ?? entry.first)();
    },
    pattern: (kind, match) => {
      switch (kind) {
        case "url": {
          const trail = /[.,;:!?)\]}'"]+$/.exec(match)?.[0] ?? "";
          const url = match.slice(0, match.length - trail.length);
          const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1];
          const hasPath = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/)?[^/?#]*[/?#]./.test(url);
          const rest = hasPath ? `/${urlPath(url)}` : "";
          return `${scheme === undefined ? "www." : `${scheme}://`}${urlHost(url)}.invalid${rest}${trail}`;
        }
        case "email":
          return `${email(knownKey(match))}@example.invalid`;
        case "host":
          return `${urlHost(knownKey(match))}.invalid`;
        case "ipv4":
          return pseudonym("ip", match, (draw) => `192.0.2.${(draw(1)[0]! % 254) + 1}`);
        case "ipv6":
          return pseudonym("ip", match.toLowerCase(), (draw) => `2001:db8::${hexOf(draw(2), 4)}`);
        case "phone":
          return pseudonym("phone", match, (draw) => sameForm(match, draw));
        case "key":
          return `${KNOWN_KEY_PREFIX.exec(match)?.[0] ?? ""}${redacted(match)}`;
        case "jwt":
        case "token":
        case "secret":
          return redacted(match);
        case "uuid":
        case "hex":
          return id(match);
      }
    },
    segment: (kind, segment) => (kind === "dir" ? pathSegment(segment) : fileSegment(segment)),
    other: (text) => genericValue(text),
  });

  /** Counts a change of `original` at `path`; returns the new value. */
  function changed(path: string, original: string, value: string): string {
    if (value === original || !counting) return value;
    let field = fields.get(path);
    if (field === undefined) fields.set(path, (field = { replaced: 0, originals: new Set() }));
    field.replaced++;
    field.originals.add(original);
    return value;
  }

  /** Free text, scrubbed once (a text seen again, with no value learnt since, is not scrubbed again). */
  function scrubText(text: string): string {
    if (textsKnown !== known.size) {
      texts.clear();
      textsKnown = known.size;
    }
    let done = texts.get(text);
    if (done === undefined) texts.set(text, (done = strict ? freeText.strict(text) : freeText.scrub(text)));
    return done;
  }

  /** A property name the contract does not name: pseudonymised. */
  const otherKey = (key: string): string => propertyName(key);

  /** Any value with every non-empty string in it replaced (a 24-hex id by its id pseudonym) and every property name pseudonymised, counted under `path`. */
  function scrubAll(value: unknown, path: string): unknown {
    if (typeof value === "string")
      return value === "" ? value : changed(path, value, OBJECT_ID.test(value) ? id(value) : genericValue(value));
    if (Array.isArray(value)) return value.map((item) => scrubAll(item, path));
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) put(out, otherKey(key), scrubAll(value[key], path));
      return out;
    }
    return value;
  }

  /** A field the schemas do not know: its strings replaced (a provider's extra field may hold anything). */
  const extra = (value: unknown, path: string): unknown => scrubAll(value, typeof value === "string" ? path : `${path}.*`);

  const textRule: Rule = (value, path) => (typeof value === "string" && value !== "" ? changed(path, value, scrubText(value)) : value);

  /** Strings anywhere in a value scrubbed as free text, property names pseudonymised (numbers, booleans, null kept). */
  const textDeep: Rule = (value, path, ctx) => {
    if (typeof value === "string") return textRule(value, path, ctx);
    if (Array.isArray(value)) return value.map((item) => textDeep(item, path, ctx));
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) put(out, otherKey(key), textDeep(value[key], path.endsWith(".*") ? path : `${path}.*`, ctx));
    return out;
  };

  /**
   * A number where an object should be: free text no net can read (`14155550100` may be a phone), so
   * its digits are pseudonymised, its length and sign kept (no client case reads a number there).
   */
  const numberAsText: Rule = (value, path) => {
    const text = String(value);
    if (!/^-?\d+(?:\.\d+)?$/.test(text)) return value;
    const out = pseudonym("number", text, (draw) => sameForm(text, draw));
    return Number(changed(path, text, out));
  };

  /** What stands where the contract expects an object, and is none: a string or a number is free text; null and booleans are kept. */
  const notAnObject: Rule = (value, path, ctx) => {
    if (typeof value === "string") return textRule(value, path, ctx);
    if (typeof value === "number") return numberAsText(value, path, ctx);
    if (Array.isArray(value)) return scrubAll(value, `${path}.*`);
    return value;
  };

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

  /** A kept slot: numbers, booleans and null as they are, a string when it looks like what the contract puts there; anything else is free text. */
  const keepLike =
    (shape: RegExp): Rule =>
    (value, path, ctx) => {
      if (typeof value === "string") return value === "" || shape.test(value) ? value : textRule(value, path, ctx);
      if (typeof value === "object" && value !== null) return textDeep(value, path, ctx);
      return value;
    };

  /** A rule for an object: its known keys by their rules, any other key (pseudonymised) as an extra field. */
  function objectRule(rules: ReadonlyMap<string, Rule>, otherwise: Rule = notAnObject): Rule {
    return (value, path, ctx) => {
      if (!isPlainObject(value)) return otherwise(value, path, ctx);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const rule = rules.get(key);
        if (rule !== undefined) put(out, key, rule(value[key], `${path}.${key}`, ctx));
        else {
          const name = otherKey(key);
          put(out, name, extra(value[key], `${path}.${name}`));
        }
      }
      return out;
    };
  }

  // ---- The records' fields (schemas/*.json).

  const idRule = stringRule(id);
  /** An evaluator config name; one that is an id (a fallback) follows its id. */
  const configName = (value: string): string => (OBJECT_ID.test(value) ? id(value) : evaluatorName(value));
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
  const testsetValue = (name: string): string => (OBJECT_ID.test(name) ? id(name) : dotted(name, testsetName));
  /**
   * A variant name (`app.variant`). One that fell back to its variant's id (domain notes) follows
   * the id, so the client case `evaluation-deleted-variant` (name === id) is still recognised.
   */
  const variantValue = (name: string, variantIds: readonly unknown[]): string =>
    OBJECT_ID.test(name) || variantIds.includes(name) ? id(name) : dotted(name, variantPart);

  const errorRule = objectRule(
    new Map([
      ["message", textRule],
      ["stacktrace", textRule],
    ]),
  );
  const typeRule = keepLike(LOWER_WORD);
  /**
   * A Result (seed 2.3): type kept, the error's texts scrubbed. A status's value is kept (client
   * cases read it); any other value is a number in practice, kept, but a text one (the seed leaves
   * its type open) is scrubbed as free text.
   */
  const resultRule = (value: Rule): Rule =>
    objectRule(
      new Map<string, Rule>([
        ["type", typeRule],
        ["value", value],
        ["error", errorRule],
      ]),
    );
  const statusRule = resultRule(keepLike(UPPER_WORD));
  const valueResultRule = resultRule(textDeep);
  /** settings_values: the real service's setting names kept, any other pseudonymised; every string value a pseudonym. */
  const settingsRule: Rule = (value, path) => {
    if (!isPlainObject(value)) return scrubAll(value, Array.isArray(value) ? `${path}.*` : path);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) put(out, SETTINGS_KEYS.has(key) ? key : otherKey(key), scrubAll(value[key], `${path}.*`));
    return out;
  };
  const timestampRule = keepLike(TIMESTAMP);
  /** EvaluatorConfig (seed 2.4); the anyOf's other branch, {} for a deleted config, goes through it unchanged. */
  const configRule = objectRule(
    new Map<string, Rule>([
      ["id", idRule],
      ["name", stringRule(configName)],
      ["evaluator_key", keepLike(LOWER_WORD)],
      ["settings_values", settingsRule],
      ["created_at", timestampRule],
      ["updated_at", timestampRule],
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
    ["variant_names", listRule(stringRule((name, ctx) => variantValue(name, ctx.variantIds)))],
    ["variant_revision_ids", listRule(idRule)],
    ["variants_revision_ids", listRule(idRule)],
    ["revisions", listRule(keepLike(DIGITS_ONLY))],
    ["testset_id", idRule],
    ["testset_name", stringRule(testsetValue)],
    ["created_at", timestampRule],
    ["updated_at", timestampRule],
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
  const humanStatus = keepLike(UPPER_WORD);
  const humanStatusRule: Rule = (value, path, ctx) => (isPlainObject(value) ? statusRule(value, path, ctx) : humanStatus(value, path, ctx));
  const humanRule = objectRule(new Map<string, Rule>([...common, ["evaluation_type", keepLike(LOWER_WORD)], ["status", humanStatusRule]]));

  const strings = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");

  const learnt = new WeakSet<object>();
  /** Every identifying value of a record, with the pseudonym its field gets (a record learnt before: nothing to do). */
  function learn(record: unknown): void {
    if (!isPlainObject(record) || learnt.has(record)) return;
    learnt.add(record);
    const ids = ["id", "app_id", "user_id", "testset_id", "variant_ids", "variant_revision_ids", "variants_revision_ids"].flatMap((field) =>
      strings(record[field]),
    );
    const configs = (Array.isArray(record.aggregated_results) ? record.aggregated_results : [])
      .map((result: unknown) => (isPlainObject(result) && isPlainObject(result.evaluator_config) ? result.evaluator_config : {}))
      .filter((config) => Object.keys(config).length > 0);
    for (const config of configs) ids.push(...strings(config.id));
    for (const value of ids) if (value !== "") remember(value, () => id(value));
    for (const name of strings(record.user_username)) if (name !== "") remember(name, () => username(name));
    for (const config of configs) for (const name of strings(config.name)) if (name !== "") remember(name, () => configName(name));
    const dottedParts = (name: string, rest: (part: string) => string): void => {
      const dot = name.indexOf(".");
      if (dot === -1) return;
      const app = name.slice(0, dot);
      const part = name.slice(dot + 1);
      if (app !== "") remember(app, () => appName(app));
      if (part !== "") remember(part, () => rest(part));
    };
    for (const name of strings(record.testset_name))
      if (name !== "") {
        remember(name, () => testsetValue(name));
        if (!OBJECT_ID.test(name)) dottedParts(name, testsetName);
      }
    const variantIds = Array.isArray(record.variant_ids) ? record.variant_ids : [];
    for (const name of strings(record.variant_names))
      if (name !== "") {
        remember(name, () => variantValue(name, variantIds));
        if (!OBJECT_ID.test(name) && !variantIds.includes(name)) dottedParts(name, variantPart);
      }
  }

  /** A record: an object by its rule; anything else stands where an object should (free text, or scrubbed whole). */
  const anonymize = (rule: Rule, path: string) => (record: unknown) => {
    if (!isPlainObject(record)) return notAnObject(record, path, NO_CONTEXT);
    learn(record);
    return rule(record, path, { variantIds: Array.isArray(record.variant_ids) ? record.variant_ids : [] });
  };

  return {
    evaluation: anonymize(evaluationRule, "evaluations[]"),
    humanEvaluation: anonymize(humanRule, "human_evaluations[]"),
    learn,
    text: (text) => (text === "" ? text : scrubText(text)),
    uncounted: <T>(run: () => T): T => {
      const was = counting;
      counting = false;
      try {
        return run();
      } finally {
        counting = was;
      }
    },
    report: () => ({
      fields: [...fields].map(([field, { replaced, originals }]) => ({ field, replaced, distinct: originals.size })),
    }),
  };
}

/** A whole dataset anonymised with one anonymiser, so pseudonyms agree across both lists. */
export function anonymizeDataset(
  dataset: { evaluations: unknown[]; human_evaluations: unknown[] },
  salt: string,
  options: AnonymizeOptions = {},
): { dataset: Dataset; report: AnonymizationReport } {
  const anonymizer = createAnonymizer(salt, options);
  // Every identifying value first: a text is scrubbed of the values of records listed after it too.
  for (const list of [dataset.evaluations, dataset.human_evaluations]) if (Array.isArray(list)) list.forEach(anonymizer.learn);
  const map = (list: unknown, record: (value: unknown) => unknown): unknown[] => (Array.isArray(list) ? list.map(record) : []);
  const evaluations = map(dataset.evaluations, anonymizer.evaluation);
  const human = map(dataset.human_evaluations, anonymizer.humanEvaluation);
  // The records keep the input's shape (only strings changed); whether it conforms is the checker's call.
  return { dataset: { evaluations, human_evaluations: human } as Dataset, report: anonymizer.report() };
}

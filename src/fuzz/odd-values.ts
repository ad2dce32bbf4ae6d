// The odd values the fuzzer sends, as raw (wire-ready, percent-encoded) strings: the malformed
// identifiers of every kind a real client or attacker sends, the shapes of an `app_id` that widen a
// naive filter, and random strings for the random phase. `{record}` and `{RECORD}` stand for a human
// evaluation id of the app (as found, and upper-cased); `{app}` and `{APP}` for the app id.
import type { Rng } from "../generate/rng.js";

export interface OddValue {
  /** What it is, for the request's label: `emoji`, `too long`. */
  name: string;
  raw: string;
}

/** Percent-encodes every byte of `text`'s UTF-8 except the unreserved characters (as encodeURIComponent). */
export const encodeValue = (text: string): string => encodeURIComponent(text);

const TEN_KB = 10 * 1024;

/** Values that are malformed as an identifier: each class once in the boundary phase. */
export const MALFORMED_IDS: readonly OddValue[] = [
  { name: "too short", raw: "667e1b0a" },
  { name: "too long", raw: "667e1b0ad1812781f7e37701667e1b0a" },
  { name: "one character short", raw: "667e1b0ad1812781f7e3770" },
  { name: "non-hex", raw: "zzzzzzzzzzzzzzzzzzzzzzzz" },
  { name: "whitespace only", raw: "%20" },
  { name: "dot", raw: "." },
  { name: "dot-dot", raw: ".." },
  { name: "percent-encoded dot-dot", raw: "%2e%2e" },
  { name: "percent-encoded slash", raw: "a%2Fb" },
  { name: "NUL byte", raw: "%00" },
  { name: "invalid percent-encoding", raw: "%zz%4" },
  { name: "over-long UTF-8", raw: "%C0%AE%C0%AE" },
  { name: "lone surrogate", raw: "%ED%A0%80" },
  { name: "invalid UTF-8 byte", raw: "%FF%FE" },
  { name: "emoji", raw: encodeValue("😀🧪") },
  { name: "right-to-left text", raw: encodeValue("\u202Eשלום") },
  { name: "combining marks", raw: encodeValue("e\u0301\u0327\u0308") },
  { name: "control characters", raw: "%01%1B%7F" },
  { name: "CRLF", raw: "%0D%0ASet-Cookie:%20x=1" },
  { name: "10 KB", raw: "a".repeat(TEN_KB) },
  { name: "10 KB of emoji", raw: encodeValue("😀".repeat(Math.floor(TEN_KB / 12))) },
  { name: "negative number", raw: "-1" },
  { name: "huge number", raw: "99999999999999999999999999999999" },
  { name: "null", raw: "null" },
  { name: "JSON object", raw: encodeValue('{"$gt":""}') },
  { name: "SQL injection", raw: encodeValue("' OR '1'='1") },
  { name: "path traversal", raw: encodeValue("../../etc/passwd") },
  { name: "format string", raw: encodeValue("%s%s%n") },
];

/** Variants of a real identifier that a strict service must not take for it. */
export const ID_VARIANTS = (token: "{app}" | "{record}"): OddValue[] => {
  const upper = token === "{app}" ? "{APP}" : "{RECORD}";
  return [
    { name: "upper-case", raw: upper },
    { name: "leading space", raw: `%20${token}` },
    { name: "trailing space", raw: `${token}%20` },
    { name: "trailing tab", raw: `${token}%09` },
    { name: "trailing newline", raw: `${token}%0A` },
    { name: "trailing NUL", raw: `${token}%00` },
    { name: "with a suffix", raw: `${token}x` },
  ];
};

/** `app_id` shapes that widen a naive filter (NoSQL operators, SQL), each a whole query. */
export const FILTER_ATTACKS: ReadonlyArray<{ name: string; query: Array<[string, string | null]> }> = [
  { name: "operator object", query: [["app_id", encodeValue('{"$ne":null}')]] },
  { name: "operator object (regex)", query: [["app_id", encodeValue('{"$regex":".*"}')]] },
  { name: "operator brackets", query: [["app_id[$ne]", "x"]] },
  { name: "operator brackets (regex)", query: [["app_id[$regex]", ".*"]] },
  { name: "operator brackets (gt)", query: [["app_id[$gt]", ""]] },
  { name: "SQL comment", query: [["app_id", `{app}${encodeValue("' --")}`]] },
  { name: "wildcard", query: [["app_id", "*"]] },
  { name: "percent wildcard", query: [["app_id", "%25"]] },
  { name: "regex", query: [["app_id", encodeValue(".*")]] },
];

/** Parameters a real client might add (paging, sorting) or an attacker might try. */
export const EXTRA_PARAMETERS: ReadonlyArray<[string, string]> = [
  ["limit", "-1"],
  ["offset", "99999999999"],
  ["page", "0"],
  ["sort", encodeValue("created_at;drop")],
  ["fields", "__proto__"],
  ["__proto__[admin]", "1"],
  ["constructor[prototype][admin]", "1"],
  ["$where", encodeValue("sleep(1000)")],
  ["format", "xml"],
  ["callback", "alert"],
  ["debug", "true"],
  ["user_id", "{app}"],
];

export const ODD_ACCEPTS: readonly string[] = [
  "text/html",
  "application/xml",
  "application/json;q=0",
  "*/*",
  "image/png",
  "???",
  `application/json, ${"text/plain;q=0.1, ".repeat(200)}*/*`,
];

/** Methods the contract does not document (HEAD and OPTIONS only read; the others must be refused). */
export const OTHER_METHODS: readonly string[] = ["HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/** Methods that would write on a provider that wrongly accepts them. */

// Random strings: pools of code points a provider may choke on, mixed.
const POOLS: readonly string[][] = [
  [..."abcdefghijklmnopqrstuvwxyz0123456789"],
  [..."ABCDEF0123456789abcdef"],
  [..." !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"],
  [..."\u0000\u0001\t\n\r\u001b\u007f"],
  [..."éüßçñøÅ€£¥"],
  [..."中文日本語한국어"],
  [..."😀🧪👩‍💻🏳️‍🌈"],
  [..."\u202E\u200F\u200Bשלוםمرحبا"],
  [..."\u0301\u0327\u0308\uFEFF\uFFFD"],
];

/** A random text of `length` code points from one or two pools. */
export function randomText(rng: Rng, length: number): string {
  const pools = [rng.pick(POOLS), rng.pick(POOLS)];
  let text = "";
  for (let i = 0; i < length; i++) text += rng.pick(rng.pick(pools));
  return text;
}

/** A random length: mostly short, sometimes long, now and then several hundred (a long value: up to about 10 KB encoded). */
export function randomLength(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.6) return rng.between(0, 32);
  if (roll < 0.9) return rng.between(33, 300);
  return rng.between(400, 800);
}

/** A 24-hex id (well-formed, almost surely unknown) from the rng. */
export function randomObjectId(rng: Rng): string {
  let id = "";
  for (let i = 0; i < 24; i++) id += "0123456789abcdef"[rng.int(16)];
  return id;
}

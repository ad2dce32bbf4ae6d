// Valid but unusual values for the schema-space generator: strings, numbers and timestamps that
// the contract allows and clients often mishandle. All drawn from the caller's seeded Rng.
import type { Rng } from "./rng.js";

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

const UNICODE_PIECES = [
  "评估结果 ",
  "評価 ",
  "평가 ",
  "مرحبا بالعالم ",
  "שלום ",
  "\u200fRTL\u200e ",
  "Z\u0364\u0351\u0313\u0324\u0354a\u0308\u0347\u0356\u036dl\u0352\u036bg\u0316\u031ao ",
  "👩‍👩‍👧‍👦 ",
  "🇫🇷🇯🇵 ",
  "𝕳𝖊𝖑𝖑𝖔 𐐷 🀄 ",
  "a\u200bb\u200dc\ufeff ",
  "Ελληνικά ",
  "Кириллица ",
];

const ODD_STRINGS = [
  "",
  " ",
  "\t\n",
  "null",
  "undefined",
  "NaN",
  "0",
  "-1",
  "true",
  "[]",
  "{}",
  '"quoted" and \\backslashed\\',
  "<script>alert(1)</script>",
  "'; DROP TABLE evaluations; --",
  "\u0000\u0007\u001b[31mcontrol\u001b[0m",
  "line one\r\nline two",
  "667d98fbd1812781f7e3761a",
  "../../etc/passwd",
  "%s%n%x",
];

/** A string of `length` characters (UTF-16 units, whole code points) mixing many scripts. */
function longUnicode(rng: Rng, length: number): string {
  let out = "";
  while (out.length < length) out += rng.pick(UNICODE_PIECES);
  // Cut on a code point boundary: never leave half a surrogate pair (not valid UTF-8 on output).
  let end = length;
  const code = out.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return out.slice(0, end);
}

/**
 * An unusual string, or undefined to let json-schema-faker make an ordinary one (lorem words):
 * empty and blank strings, look-alikes of other types, injection-looking text, control
 * characters, every script and emoji, and long strings (up to 8,000 characters).
 */
export function unusualString(rng: Rng): string | undefined {
  const roll = rng.next();
  if (roll < 0.35) return undefined;
  if (roll < 0.7) return rng.pick(ODD_STRINGS);
  if (roll < 0.97) return longUnicode(rng, rng.between(1, 80));
  return longUnicode(rng, rng.between(500, 8000));
}

const EXTREME_NUMBERS = [
  0,
  -1,
  1,
  0.1 + 0.2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  1e-7,
  123456789.12345679, // 17 significant digits: the most a double round-trips
  -0.0000605,
];

/** A finite number (JSON has no NaN or Infinity), often an extreme one. */
export function unusualNumber(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.5) return rng.pick(EXTREME_NUMBERS);
  if (roll < 0.75) return rng.next();
  return Math.round(rng.float(-1e6, 1e6) * 1000) / 1000;
}

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysInMonth = (year: number, month: number): number => (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);

/**
 * A timestamp the Timestamp pattern accepts AND that names a real instant: a calendar date that
 * exists (no 30 February), seconds 00 to 59, in every form the pattern allows ('T' or space,
 * 0 to 9 fraction digits, no offset, Z or z, +hh:mm or +hhmm). Replaces json-schema-faker's
 * regex-driven output, which is invalid about half the time (see docs/fixtures.md).
 */
export function unusualTimestamp(rng: Rng): string {
  const roll = rng.next();
  const year = roll < 0.05 ? rng.pick([1, 1900, 1969, 2038, 9999]) : rng.between(1970, 2099);
  const month = rng.between(1, 12);
  // Month ends and leap days are what naive date code gets wrong; pick them often.
  const day = rng.chance(0.3) ? daysInMonth(year, month) : rng.between(1, daysInMonth(year, month));
  const hour = rng.chance(0.1) ? 23 : rng.between(0, 23);
  const minute = rng.between(0, 59);
  const second = rng.chance(0.1) ? 59 : rng.between(0, 59);
  const separator = rng.chance(0.8) ? "T" : " ";
  const digits = rng.pick([0, 0, 3, 6, 6, 1, 9]);
  let fraction = "";
  for (let i = 0; i < digits; i++) fraction += String(rng.int(10));
  const offsetRoll = rng.next();
  let offset = "";
  // Upper-case Z only: the service's pydantic models refuse a lower-case z (the contract allows it,
  // but no record the real service sends can carry one).
  if (offsetRoll < 0.4) offset = "Z";
  else if (offsetRoll < 0.7) {
    const sign = rng.chance(0.5) ? "+" : "-";
    const hh = rng.chance(0.1) ? 23 : rng.between(0, 14);
    const mm = rng.pick([0, 0, 30, 45, 59]);
    offset = `${sign}${pad(hh, 2)}${rng.chance(0.8) ? ":" : ""}${pad(mm, 2)}`;
  }
  const time = `${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${digits > 0 ? `.${fraction}` : ""}`;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}${separator}${time}${offset}`;
}

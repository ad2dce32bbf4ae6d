// Timestamps formatted by hand from UTC epoch milliseconds: no Date parsing, no time zone, no clock.
// The styles are the real service's serialization habits (domain notes, "Serialization habits").
import { DAY_MS } from "./time-window.js";

/**
 * naive: `2024-05-17T10:54:19.123000` (what the real service sends: no offset, microseconds);
 * utc: `2024-05-17T10:54:19.123000Z`;
 * space-offset: `2024-05-17 10:54:19.123000+00:00` (a later version, for human evaluations and
 * evaluator configs).
 */
export type TimestampFormat = "naive" | "utc" | "space-offset";

/**
 * Which format each resource gets. `later` mimics the later service version: `Z` for evaluations,
 * space and `+00:00` for human evaluations and evaluator configs.
 */
export type TimestampStyle = "naive" | "utc" | "later";
export const TIMESTAMP_STYLES: readonly TimestampStyle[] = ["naive", "utc", "later"];

export interface TimestampFormats {
  evaluation: TimestampFormat;
  humanEvaluation: TimestampFormat;
  evaluatorConfig: TimestampFormat;
}

export function formatsForStyle(style: TimestampStyle): TimestampFormats {
  if (style === "later") return { evaluation: "utc", humanEvaluation: "space-offset", evaluatorConfig: "space-offset" };
  return { evaluation: style, humanEvaluation: style, evaluatorConfig: style };
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** Year, month (1-12) and day of a count of days since 1970-01-01 (H. Hinnant's civil_from_days). */
export function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

// Records of one stream are close in time: cache the date part of the last day formatted.
let cachedDay = Number.NaN;
let cachedDate = "";

function datePart(days: number): string {
  if (days !== cachedDay) {
    const [y, m, d] = civilFromDays(days);
    cachedDate = `${String(y).padStart(4, "0")}-${pad2(m)}-${pad2(d)}`;
    cachedDay = days;
  }
  return cachedDate;
}

/** Formats UTC epoch milliseconds (an integer, year 0000 to 9999) as the service's datetime.isoformat() writes them. */
export function formatTimestamp(epochMs: number, format: TimestampFormat): string {
  const days = Math.floor(epochMs / DAY_MS);
  let rest = epochMs - days * DAY_MS;
  const ms = rest % 1000;
  rest = (rest - ms) / 1000;
  const s = rest % 60;
  rest = (rest - s) / 60;
  const min = rest % 60;
  const h = (rest - min) / 60;
  // Python's isoformat(): microseconds (MongoDB keeps milliseconds, so they end in 000), and no
  // fraction at all when they are 0 (`...:19`, never `...:19.000000`).
  const time = ms === 0 ? `${pad2(h)}:${pad2(min)}:${pad2(s)}` : `${pad2(h)}:${pad2(min)}:${pad2(s)}.${pad3(ms)}000`;
  const date = datePart(days);
  if (format === "naive") return `${date}T${time}`;
  if (format === "utc") return `${date}T${time}Z`;
  return `${date} ${time}+00:00`;
}

const SHAPE = /^(\d{4})-(\d\d)-(\d\d)([T ])(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?([Zz]|[+-]\d\d:?\d\d)?$/;

interface WallClock {
  /** The wall-clock fields as if they were UTC, to the millisecond (the offset is not applied). */
  ms: number;
  /** Microseconds past `ms` (0-999), kept when shifting. */
  subMs: number;
  separator: string;
  /** The offset as written (`Z`, `+00:00`), or "". */
  suffix: string;
}

function readWallClock(text: string): WallClock | undefined {
  const m = SHAPE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, separator, h, mi, s, fraction = "", suffix = ""] = m;
  const micros = Number(fraction.padEnd(6, "0").slice(0, 6));
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Math.floor(micros / 1000));
  return { ms, subMs: micros % 1000, separator: separator!, suffix };
}

/**
 * The wall-clock time of `text` in epoch milliseconds, its fields read as UTC (the real service
 * writes UTC, with or without saying so); undefined when it is not of the Timestamp schema's shape.
 */
export const wallClockMs = (text: string): number | undefined => readWallClock(text)?.ms;

/**
 * `text` moved `deltaMs` later, written in its own style (separator, offset as written, Python's
 * isoformat fraction); sub-millisecond digits are kept. Undefined when `text` is not a timestamp
 * of the Timestamp schema's shape.
 */
export function shiftTimestamp(text: string, deltaMs: number): string | undefined {
  const wall = readWallClock(text);
  if (!wall) return undefined;
  // Only the fields move: the offset stays as written.
  let shifted = formatTimestamp(wall.ms + deltaMs, "naive");
  if (wall.subMs !== 0) {
    const [whole, frac = "000000"] = shifted.split(".");
    shifted = `${whole}.${frac.slice(0, 3)}${String(wall.subMs).padStart(3, "0")}`;
  }
  return shifted.replace("T", wall.separator) + wall.suffix;
}

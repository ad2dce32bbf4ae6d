// `format: date-time` for the checker (schemas/Timestamp.json): a timestamp must name a real
// instant. The Timestamp pattern checks the text's shape; the format checks the calendar and the
// clock, which a regexp cannot (30 February, 29 February 2023, second 60).
//
// The calendar is ajv-formats' "iso-date-time" (RFC 3339 with the offset optional, 'T' or a space),
// applied to the date and time without the offset, written out here (realDateAndTime; a test holds it
// to ajv-formats' own): importing ajv-formats' table of every format would put 10 kB into each browser
// bundle of the checker. Its "date-time" would fail every naive timestamp,
// and the real service sends naive ones ('2024-05-17T10:54:19.123000') and, later, a space separator
// (domain notes): the checker warns about both (x-expected), so the format must not fail them.
// One disagreement: ajv-formats accepts a leap second (23:59:60). Python's datetime, which wrote these
// values, and JavaScript's Date, which reads them, both reject second 60, so it is rejected here.

const [DASH, COLON, ZERO] = [45, 58, 48];
const twoDigits = (value: string, at: number): number => (value.charCodeAt(at) - ZERO) * 10 + value.charCodeAt(at + 1) - ZERO;

/**
 * The checker's `date-time` format: false when the date and time fields name no real instant.
 * The text's shape (digits, separators, fraction, offset) is the Timestamp pattern's to check: a
 * value without the separators of `YYYY-MM-DD?hh:mm:ss` is true here. It runs on every timestamp
 * of every record, so the common case (a day every month has, a time in range) is settled from
 * the char codes; realDateAndTime decides the rest (days 29 to 31, fields out of range, non-digits).
 */
export function namesRealInstant(value: string): boolean {
  if (value.length < 19 || value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return true;
  if (value.charCodeAt(13) !== COLON || value.charCodeAt(16) !== COLON) return true;
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  const second = twoDigits(value, 17);
  if (month >= 1 && month <= 12 && day >= 1 && day <= 28 && twoDigits(value, 11) <= 23 && twoDigits(value, 14) <= 59 && second <= 59)
    return true;
  return realDateAndTime(value.slice(0, 10), value.slice(11, 19));
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysIn = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

const DATE = /^(\d{4})-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d)$/;

/** `YYYY-MM-DD` and `hh:mm:ss` name a real day and a time of it (no second 60): ajv-formats' date and iso-time without the leap second. */
export function realDateAndTime(date: string, time: string): boolean {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return false;
  const [year, month, day] = d.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && +t[1]! <= 23 && +t[2]! <= 59 && +t[3]! <= 59;
}

/** The shape the Timestamp pattern accepts, with its fields captured and not range-checked. */
const FIELDS = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:\.\d{1,9})?(?:[Zz]|[+-](\d\d):?(\d\d))?$/;

/** Why the fields of a date-time shaped value name no real instant, or undefined when they do. */
function impossibility(match: RegExpExecArray): string | undefined {
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1).map(Number) as number[];
  if (month! < 1 || month! > 12) return `there is no month ${match[2]}`;
  const days = daysIn(year!, month!);
  if (day! < 1) return `there is no day ${match[3]}`;
  if (day! > days) {
    const leap = month === 2 && days === 28 && day === 29 ? `: ${match[1]} is not a leap year` : "";
    return `${MONTHS[month! - 1]} ${match[1]} has ${days} days${leap}`;
  }
  if (hour! > 23) return `hour ${match[4]} does not exist: hours run from 00 to 23`;
  if (minute! > 59) return `minute ${match[5]} does not exist: minutes run from 00 to 59`;
  if (second! > 59) return `second ${match[6]} does not exist: Python's datetime and JavaScript's Date reject leap seconds`;
  if (offsetHours! > 23 || offsetMinutes! > 59) return "the UTC offset is out of range";
  return undefined;
}

/**
 * Why a timestamp in the pattern's shape names no real instant ("February 2024 has 29 days"), or
 * undefined when it does or is not in that shape (then it is simply not an ISO 8601 date-time).
 */
export function timestampImpossibility(value: unknown): string | undefined {
  const match = typeof value === "string" ? FIELDS.exec(value) : null;
  return match ? impossibility(match) : undefined;
}

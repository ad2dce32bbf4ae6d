// The checker's date-time format against an independent oracle (Date.UTC round-trips the fields of
// a real instant only), over every month and day around the edges, and its messages; its calendar
// against ajv-formats' iso-date-time, which it follows.
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import { namesRealInstant, realDateAndTime, timestampImpossibility } from "./date-time.js";

const pad = (n: number): string => String(n).padStart(2, "0");

function isRealByDate(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  if (hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

describe("namesRealInstant", () => {
  it("agrees with Date.UTC on every month 00-13 and day 00-32 of leap and common years, naive or not, 'T' or space", () => {
    const times: [number, number, number][] = [
      [0, 0, 0],
      [23, 59, 59],
      [24, 0, 0],
      [10, 60, 0],
      [23, 59, 60],
    ];
    let checked = 0;
    const wrong: string[] = [];
    for (const year of [1900, 2000, 2023, 2024])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++)
          for (const [hour, minute, second] of times)
            for (const [separator, tail] of [
              ["T", ".123000"],
              [" ", "+05:30"],
              ["T", "Z"],
            ] as const) {
              const value = `${year}-${pad(month)}-${pad(day)}${separator}${pad(hour)}:${pad(minute)}:${pad(second)}${tail}`;
              const want = month >= 1 && month <= 12 && isRealByDate(year, month, day, hour, minute, second);
              if (namesRealInstant(value) !== want || (timestampImpossibility(value) === undefined) !== want) wrong.push(value);
              checked++;
            }
    expect(wrong).toEqual([]);
    expect(checked).toBe(4 * 14 * 33 * 5 * 3);
  });

  it.each(["yesterday", "2024-05-17", "", "2024-05-17T10:54", "2024/05/17T10:54:19"])(
    "leaves %j to the pattern (not date-time shaped: true)",
    (value) => {
      expect(namesRealInstant(value)).toBe(true);
      expect(timestampImpossibility(value)).toBeUndefined();
    },
  );
});

describe("timestampImpossibility", () => {
  it.each([
    ["2024-02-31T10:00:00", "February 2024 has 29 days"],
    ["2023-02-29T10:00:00Z", "February 2023 has 28 days: 2023 is not a leap year"],
    ["2024-04-31 10:00:00", "April 2024 has 30 days"],
    ["2024-13-01T00:00:00Z", "there is no month 13"],
    ["2024-05-00T00:00:00Z", "there is no day 00"],
    ["2024-05-17T24:00:00", "hour 24 does not exist: hours run from 00 to 23"],
    ["2024-05-17T10:54:60", "second 60 does not exist: Python's datetime and JavaScript's Date reject leap seconds"],
    ["2024-05-17T10:54:19+24:00", "the UTC offset is out of range"],
  ])("%s: %s", (value, why) => {
    expect(timestampImpossibility(value)).toBe(why);
  });
});

describe("realDateAndTime", () => {
  // ajv-formats' own iso-date-time, which the checker's calendar follows (without its table of every format).
  const isoDateTime = (fullFormats["iso-date-time"] as { validate: (value: string) => boolean }).validate;

  it("agrees with ajv-formats' iso-date-time on every field from 00 to 99 around the edges, and on non-digits", () => {
    const wrong: string[] = [];
    const dates: string[] = [];
    for (const year of ["1900", "2000", "2023", "2024", "0000", "2x24"])
      for (let month = 0; month <= 99; month += month < 14 ? 1 : 17)
        for (let day = 0; day <= 99; day += day < 33 ? 1 : 22) dates.push(`${year}-${pad(month)}-${pad(day)}`);
    dates.push("2024-5-17", "2024-05-1a", "2024_05_17", "２０２４-05-17");
    const times: string[] = [];
    for (const hour of [0, 9, 23, 24, 99])
      for (const minute of [0, 59, 60]) for (const second of [0, 59, 60, 99]) times.push(`${pad(hour)}:${pad(minute)}:${pad(second)}`);
    times.push("10:54:1x", "10-54-19", "1:54:19", "10:54:19.", " 10:54:19");
    for (const date of dates)
      for (const time of times) {
        const leapSecond = time.endsWith(":60") && time.startsWith("23:59");
        const want = !leapSecond && isoDateTime(`${date}T${time}`);
        if (realDateAndTime(date, time) !== want) wrong.push(`${date}T${time}`);
      }
    expect(wrong).toEqual([]);
  });
});

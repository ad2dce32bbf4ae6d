// Test helper: is a timestamp a real instant (a date that exists, seconds 00-59)? The checker's
// pattern cannot say (it accepts 2024-02-31 and second 60), so the generator tests check this too.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|z|([+-])(\d{2}):?(\d{2}))?$/;

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number): number => (month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** Milliseconds since the epoch (offset applied; naive read as UTC), or undefined if not a real instant. */
export function instantOf(text: string): number | undefined {
  const m = TIMESTAMP.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  const offsetHours = m[10] === undefined ? 0 : Number(m[10]);
  const offsetMinutes = m[11] === undefined ? 0 : Number(m[11]);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const sign = m[9] === "-" ? -1 : 1;
  const fraction = Number(`0.${m[7] ?? "0"}`) * 1000;
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999
  return date.getTime() + fraction - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** Every timestamp-valued property (`created_at`, `updated_at`) anywhere in `value`. */
export function timestampsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) timestampsIn(item, out);
  else if (typeof value === "object" && value !== null)
    for (const [key, inner] of Object.entries(value)) {
      if ((key === "created_at" || key === "updated_at") && typeof inner === "string") out.push(inner);
      else timestampsIn(inner, out);
    }
  return out;
}

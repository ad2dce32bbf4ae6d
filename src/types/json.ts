// The one guard for "a JSON object" (not null, not an array), used wherever unknown JSON is read.
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

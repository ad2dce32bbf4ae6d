// The one guard for "a JSON object" (not null, not an array), used wherever unknown JSON is read.
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A JSON array's elements as a walk reads them: an array, or a long list parsed element by element
 * from its text (src/io/json-array-elements.ts), so that no parse of the whole list is kept.
 */
export type JsonList = Iterable<unknown> & { readonly length: number };

/** An array, or a JsonList (JSON.parse never makes an iterable object: only an array is one). */
export const isJsonList = (value: unknown): value is JsonList =>
  Array.isArray(value) ||
  (typeof value === "object" && value !== null && Symbol.iterator in value && typeof (value as { length?: unknown }).length === "number");

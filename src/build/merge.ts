// Overrides merged over a built record: plain objects merge key by key, at every depth; anything else
// (arrays included) replaces what was there; `undefined` changes nothing. The result shares nothing
// with the overrides, so a test may change either afterwards. Overrides are JSON data (json-data.ts),
// checked before the merge reads them.
import { ToolkitError } from "../errors.js";
import { assertJsonData, isPlainData, kindOf } from "./json-data.js";

export type Json = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const copy = (value: unknown): unknown => (Array.isArray(value) ? value.map(copy) : isPlainObject(value) ? mergeOver({}, value) : value);

/** `base` with `overrides` merged over it (a new object; `base` is left as it is). */
export function mergeOver(base: Json, overrides: Json): Json {
  const out: Json = { ...base };
  for (const key of Object.keys(overrides)) {
    const value = overrides[key];
    if (value === undefined) continue;
    const current = Object.hasOwn(out, key) ? out[key] : undefined;
    // defineProperty: a "__proto__" key (JSON.parse makes one) stays data, never a prototype.
    Object.defineProperty(out, key, {
      value: isPlainObject(value) && isPlainObject(current) ? mergeOver(current, value) : copy(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * The overrides as an object (none: `{}`): not a plain object (an array, a Map, a class instance) is
 * E_USAGE; data that is no JSON (a cycle, too deep, a BigInt, `__proto__`...) E_DATA_INVALID naming where.
 */
export function overridesOf(fn: string, overrides: unknown, path = "$"): Json {
  if (overrides === undefined || overrides === null) return {};
  if (!isPlainData(overrides))
    throw new ToolkitError("E_USAGE", `${fn}: overrides must be a plain object (a partial record), got ${kindOf(overrides)}`);
  assertJsonData(fn, overrides, path);
  return overrides;
}

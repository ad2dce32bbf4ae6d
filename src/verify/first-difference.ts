// Where two JSON values first differ, as a JSONPath: how the verifier says that a record fetched
// by id is not the one the list returned (key order does not matter, array order does).
import { pointerSegment } from "../check/describe-errors.js";
import { joinPath } from "../check/finding.js";
import { cutBeforePlaceholder, jsonForMessage } from "../check/oversized-numbers.js";
import { isPlainObject } from "../types/json.js";

export interface Difference {
  path: string;
  left: unknown;
  right: unknown;
}

/** The first difference between `left` and `right` (undefined when deep-equal), paths under `base`. */
export function firstDifference(left: unknown, right: unknown, base = "$"): Difference | undefined {
  if (Array.isArray(left) && Array.isArray(right)) {
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
      const inner = firstDifference(left[i], right[i], joinPath(base, `/${i}`));
      if (inner) return inner;
    }
    return left.length === right.length ? undefined : { path: base, left, right };
  }
  if (isPlainObject(left) && isPlainObject(right)) {
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
    for (const key of keys) {
      const at = joinPath(base, `/${pointerSegment(key)}`);
      if (!(key in left) || !(key in right)) return { path: at, left: left[key], right: right[key] };
      const inner = firstDifference(left[key], right[key], at);
      if (inner) return inner;
    }
    return undefined;
  }
  return Object.is(left, right) ? undefined : { path: base, left, right };
}

/** A short rendering of a value for a message (`absent` for undefined). */
export function showValue(value: unknown): string {
  if (value === undefined) return "absent";
  // A number too large for a double shows as such, never as JSON.stringify's `null`.
  const text = jsonForMessage(value) ?? String(value);
  return text.length > 50 ? `${text.slice(0, cutBeforePlaceholder(text, 47))}...` : text;
}

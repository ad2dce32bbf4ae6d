// Where two JSON values differ, as JSONPaths: how the verifier says that a record fetched by id is
// not the one the list returned, and a snapshot which fields of a by-id answer differ from its list
// record (key order does not matter, array order does; keys are visited in sorted order).
import { pointerSegment } from "./describe-errors.js";
import { joinPath } from "./finding.js";
import { cutBeforePlaceholder, jsonForMessage } from "./oversized-numbers.js";
import { isPlainObject } from "../types/json.js";

export interface Difference {
  path: string;
  left: unknown;
  right: unknown;
}

/**
 * Where `left` and `right` differ, the first `limit` places (none when deep-equal), paths under
 * `base`: a value of another kind or a key on one side only at its own path; two arrays item by item,
 * then at the array's path when their lengths differ.
 */
export function differences(left: unknown, right: unknown, limit = Number.POSITIVE_INFINITY, base = "$"): Difference[] {
  const found: Difference[] = [];
  const walk = (l: unknown, r: unknown, at: string): void => {
    if (Array.isArray(l) && Array.isArray(r)) {
      for (let i = 0; i < Math.min(l.length, r.length) && found.length < limit; i++) walk(l[i], r[i], joinPath(at, `/${i}`));
      if (l.length !== r.length && found.length < limit) found.push({ path: at, left: l, right: r });
      return;
    }
    if (isPlainObject(l) && isPlainObject(r)) {
      for (const key of [...new Set([...Object.keys(l), ...Object.keys(r)])].sort()) {
        if (found.length >= limit) return;
        const path = joinPath(at, `/${pointerSegment(key)}`);
        if (!(key in l) || !(key in r)) found.push({ path, left: l[key], right: r[key] });
        else walk(l[key], r[key], path);
      }
      return;
    }
    if (!Object.is(l, r)) found.push({ path: at, left: l, right: r });
  };
  walk(left, right, base);
  return found;
}

/** The first difference between `left` and `right` (undefined when deep-equal), paths under `base`. */
export const firstDifference = (left: unknown, right: unknown, base = "$"): Difference | undefined => differences(left, right, 1, base)[0];

/** A short rendering of a value for a message (`absent` for undefined). */
export function showValue(value: unknown): string {
  if (value === undefined) return "absent";
  // A number too large for a double shows as such, never as JSON.stringify's `null`.
  const text = jsonForMessage(value) ?? String(value);
  return text.length > 50 ? `${text.slice(0, cutBeforePlaceholder(text, 47))}...` : text;
}

// How deep a parsed JSON value nests, checked without recursion. JSON.parse itself handles any
// depth, but JSON.stringify, Ajv and every recursive walk overflow the stack near 10,000 levels:
// a value nested deeper than MAX_JSON_DEPTH is refused where it enters (a file, a response).

/** Deepest nesting accepted. The service's records nest 4 levels; anything near this is hostile. */
export const MAX_JSON_DEPTH = 1000;

/**
 * True when `value` has arrays or objects nested more than `max` levels deep. Two parallel stacks
 * and for-in, not [value, depth] pairs and Object.values: it runs on every file and response read,
 * and a 20,000-record file has a million nodes.
 */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (typeof value !== "object" || value === null) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop()!;
    const depth = depths.pop()!;
    if (depth > max) return true;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const child: unknown = current[i];
        if (typeof child === "object" && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      const record = current as Record<string, unknown>;
      for (const key in record) {
        const child = record[key];
        if (typeof child === "object" && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

export const tooDeepMessage = (source: string, max = MAX_JSON_DEPTH): string =>
  `${source} nests arrays or objects more than ${max.toLocaleString("en-US")} levels deep (the limit of every JSON value read here)`;

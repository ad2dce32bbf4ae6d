// How deep a parsed JSON value nests, checked without recursion. JSON.parse itself handles any
// depth, but JSON.stringify, Ajv and every recursive walk overflow the stack near 10,000 levels:
// a value nested deeper than MAX_JSON_DEPTH is refused where it enters (a file, a response).

/** Deepest nesting accepted. The service's records nest 4 levels; anything near this is hostile. */
export const MAX_JSON_DEPTH = 1000;

/** True when `value` has arrays or objects nested more than `max` levels deep. */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth > max) return true;
    const children = Array.isArray(current) ? current : Object.values(current as Record<string, unknown>);
    for (const child of children) if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

export const tooDeepMessage = (source: string, max = MAX_JSON_DEPTH): string =>
  `${source} nests arrays or objects more than ${max.toLocaleString("en-US")} levels deep (the limit of every JSON value read here)`;

// What JSON.parse hides in a valid body: a key twice in one object (JSON.parse keeps the last value,
// a first-wins client the first: the verifier would vouch for values another client never sees),
// and a number out of range (`1e400` parses as Infinity, which the checker would show as null).
// One pass over the text with an explicit stack (no recursion: depth is bounded elsewhere).

export interface JsonTextIssue {
  kind: "duplicate-key" | "number-out-of-range";
  /** Where, as a JSONPath (`$[3].status`). */
  path: string;
  /** The key, or the number as written. */
  text: string;
}

interface Frame {
  array: boolean;
  path: string;
  keys: Set<string>;
  key: string | undefined;
  index: number;
  expectKey: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const member = (path: string, key: string): string => (IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/** The first `limit` issues of a JSON text that JSON.parse accepted, and how many more there were. */
export function jsonTextIssues(text: string, limit = 100): { issues: JsonTextIssue[]; more: number } {
  const issues: JsonTextIssue[] = [];
  let more = 0;
  const report = (issue: JsonTextIssue): void => {
    if (issues.length < limit) issues.push(issue);
    else more++;
  };
  const stack: Frame[] = [];
  const valuePath = (): string => {
    const top = stack.at(-1);
    if (top === undefined) return "$";
    return top.array ? `${top.path}[${top.index}]` : member(top.path, top.key ?? "");
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      // { or [
      stack.push({ array: c === 0x5b, path: valuePath(), keys: new Set(), key: undefined, index: 0, expectKey: c === 0x7b });
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      i++;
    } else if (c === 0x2c) {
      // ,
      const top = stack.at(-1)!;
      if (top.array) top.index++;
      else top.expectKey = true;
      i++;
    } else if (c === 0x22) {
      // A string: find its closing quote (a backslash escapes the next character).
      let end = i + 1;
      let escaped = false;
      while (end < text.length) {
        const d = text.charCodeAt(end);
        if (d === 0x5c) escaped = true;
        else if (d === 0x22) break;
        end++;
        if (d === 0x5c) {
          end++;
        }
      }
      const top = stack.at(-1);
      if (top !== undefined && !top.array && top.expectKey) {
        const raw = text.slice(i, end + 1);
        const key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (top.keys.has(key)) report({ kind: "duplicate-key", path: member(top.path, key), text: key });
        else top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end + 1;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // - or a digit: a number
      let end = i + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end]!)) end++;
      const written = text.slice(i, end);
      if (!Number.isFinite(Number(written))) report({ kind: "number-out-of-range", path: valuePath(), text: written });
      i = end;
    } else i++;
  }
  return { issues, more };
}

// What the builders take as a record's data is JSON, checked in one walk before anything reads it:
// plain objects and arrays of strings, finite numbers, booleans and null (`undefined` as an object's
// value: "change nothing"). A cycle, nesting past MAX_JSON_DEPTH, more than MAX_BUILD_VALUES values
// (a DAG of shared objects that would copy into billions), a `__proto__` key, a Map, Date or class
// instance, a BigInt, function or symbol is E_DATA_INVALID naming where, with a short path: each got a
// RangeError, a hang, a silently dropped value or a record JSON.stringify throws on. The walk keeps its
// own stack (a 20,000-deep override cannot overflow it) and sees each value once. Terse: the builders
// run in pages, within a size budget (test/browser/entries.test.ts).
import { ToolkitError } from "../errors.js";
import { MAX_JSON_DEPTH } from "../io/json-depth.js";

/** At most this many values (every string, number, object, array...) in one record's data. */
export const MAX_BUILD_VALUES = 1_000_000;

/** `text` cut to `max` characters, then `…` and its length: messages stay one short line. */
export const clip = (text: string, max = 40): string => (text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`);

/** What `value` is, for a message, without calling anything of it (no toString, no getter). */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value !== "object") return `a ${typeof value}`;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return "an object";
  const made: unknown = Object.getOwnPropertyDescriptor(proto, "constructor")?.value;
  return `a ${(typeof made === "function" && clip(made.name)) || "non-plain object"}`;
}

/** A plain object (`{...}`, JSON.parse's, `Object.create(null)`), not a Map, a Date or a class instance. */
export const isPlainData = (value: unknown): value is Record<string, unknown> => kindOf(value) === "an object";

/** A value for a message: a text quoted and cut short, a number as written, anything else by its kind. */
export const shown = (value: unknown): string =>
  typeof value === "string" ? clip(JSON.stringify(value)) : typeof value === "number" ? String(value) : kindOf(value);

/** Throws E_DATA_INVALID when `data` is not JSON data, naming the first fault's path under `root` ($, $.evaluations[2]). */
export function assertJsonData(fn: string, data: object, root: string): void {
  const path: Array<string | number> = [];
  const fail = (why: string): never => {
    const steps = path
      .slice(0, 6)
      .map((step) => (typeof step === "number" ? `[${step}]` : /^[\w$]+$/.test(step) ? `.${clip(step)}` : `[${shown(step)}]`));
    const more = path.length > 6 ? `…(${path.length} levels)` : "";
    throw new ToolkitError("E_DATA_INVALID", `${fn}: ${root}${steps.join("")}${more}: ${why}`);
  };
  const onPath = new Set<object>();
  const stack: Array<{ value: object; keys: string[] | number; next: number }> = [];
  let count = 0;
  const visit = (value: unknown): void => {
    if (++count > MAX_BUILD_VALUES) fail(`over ${MAX_BUILD_VALUES} values`);
    const type = typeof value;
    if (type === "number" ? !Number.isFinite(value) : type === "bigint" || type === "function" || type === "symbol")
      fail(`${type === "number" ? String(value) : kindOf(value)} is not JSON`);
    if (value === undefined && typeof path[path.length - 1] === "number") fail("undefined is not JSON");
    if (typeof value !== "object" || value === null) return;
    if (onPath.has(value)) fail("a cycle");
    if (stack.length >= MAX_JSON_DEPTH) fail(`nests over ${MAX_JSON_DEPTH} levels`);
    if (!Array.isArray(value) && !isPlainData(value)) fail(`${kindOf(value)} is not JSON`);
    onPath.add(value);
    stack.push({ value, keys: Array.isArray(value) ? value.length : Object.keys(value), next: 0 });
  };
  try {
    visit(data);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const { keys } = top;
      if (top.next >= (typeof keys === "number" ? keys : keys.length)) {
        onPath.delete(stack.pop()!.value);
        continue;
      }
      const key = typeof keys === "number" ? top.next : keys[top.next]!;
      top.next++;
      path.length = stack.length - 1;
      path.push(key);
      // JSON.parse makes it an own key; a consumer that copies the record naively sets a prototype with it.
      if (key === "__proto__") fail("a __proto__ key");
      visit((top.value as Record<string | number, unknown>)[key]);
    }
  } catch (error) {
    if (error instanceof ToolkitError) throw error;
    // A getter or a proxy that throws.
    fail("cannot be read");
  }
}

// What the builders take as a record's data is JSON, checked in one walk before anything reads it:
// plain objects and arrays of strings, finite numbers, booleans and null (`undefined` as an object's
// value: "change nothing"). A cycle, nesting past MAX_JSON_DEPTH, more than MAX_BUILD_VALUES values
// (a DAG of shared objects that would copy into billions), a `__proto__` key, a Map, Date or class
// instance, a BigInt, function or symbol is E_DATA_INVALID naming where, with a short path: each
// such input got a RangeError, a hang, a silently dropped value or a record JSON.stringify throws on.
// The walk keeps its own stack (a 20,000-deep override cannot overflow it) and sees each value once.
import { ToolkitError } from "../errors.js";
import { MAX_JSON_DEPTH } from "../io/json-depth.js";

/** At most this many values (every string, number, object, array...) in one record's overrides. */
export const MAX_BUILD_VALUES = 1_000_000;

/** How much of a name or a value a message shows: a few dozen characters, then `…`. */
export const SHOWN_CHARACTERS = 40;
/** How many steps of a path a message shows (the first ones), then `…` and its depth. */
const SHOWN_STEPS = 6;

/** `text` cut to `max` characters (`…` and its length when cut): messages stay one short line. */
export const clip = (text: string, max = SHOWN_CHARACTERS): string =>
  text.length <= max ? text : `${text.slice(0, max)}… (${text.length.toLocaleString("en-US")} characters)`;

/** What `value` is, for a message, without calling anything of it (no toString, no getter). */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "undefined":
      return "undefined";
    case "bigint":
      return "a BigInt";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "object": {
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto === Object.prototype || proto === null) return "an object";
      const name: unknown = Object.getOwnPropertyDescriptor(proto, "constructor")?.value;
      return typeof name === "function" && /^[A-Za-z_$][\w$]{0,39}$/.test(name.name) ? `a ${name.name}` : "an object with a prototype";
    }
    default:
      return `a ${typeof value}`;
  }
}

/** A value for a message: a text quoted and cut short, a number as written, anything else by its kind (nothing of it called). */
export const shown = (value: unknown): string =>
  typeof value === "string"
    ? clip(JSON.stringify(value))
    : typeof value === "number" || typeof value === "boolean" || typeof value === "bigint"
      ? String(value)
      : kindOf(value);

/** A plain object: `{...}` or `JSON.parse`'s, or `Object.create(null)`; not a Map, a Date or a class instance. */
export const isPlainData = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** `$.a["b c"][3]`, its keys and the path itself cut short. */
function pathOf(root: string, steps: ReadonlyArray<string | number>): string {
  const shown = steps
    .slice(0, SHOWN_STEPS)
    .map((step) =>
      typeof step === "number" ? `[${step}]` : /^[A-Za-z_$][\w$]*$/.test(step) ? `.${clip(step)}` : `[${clip(JSON.stringify(step))}]`,
    );
  const more = steps.length > SHOWN_STEPS ? `…(${steps.length.toLocaleString("en-US")} levels)` : "";
  return `${root}${shown.join("")}${more}`;
}

interface Frame {
  value: object;
  /** The object's keys (an array's are its indexes), walked from `next`. */
  keys: readonly string[] | number;
  next: number;
}

/**
 * Throws E_DATA_INVALID when `data` is not JSON data as the header says, naming the first fault
 * (`root`: how the message names `data`, such as `overrides` or `$.evaluations[2]`).
 */
export function assertJsonData(fn: string, data: object, root: string): void {
  const fail = (steps: ReadonlyArray<string | number>, why: string): never => {
    throw new ToolkitError("E_DATA_INVALID", `${fn}: ${pathOf(root, steps)}: ${why} (the builders take JSON data)`);
  };
  const steps: Array<string | number> = [];
  const onPath = new Set<object>();
  const stack: Frame[] = [];
  let values = 0;
  const enter = (value: object): void => {
    if (onPath.has(value)) fail(steps, "refers back to an object that contains it (a cycle)");
    if (stack.length >= MAX_JSON_DEPTH)
      fail(steps, `nests arrays or objects more than ${MAX_JSON_DEPTH.toLocaleString("en-US")} levels deep`);
    if (!Array.isArray(value) && !isPlainData(value)) fail(steps, `is ${kindOf(value)}, not a plain object or an array`);
    onPath.add(value);
    stack.push({ value, keys: Array.isArray(value) ? value.length : Object.keys(value), next: 0 });
  };
  try {
    enter(data);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const size = typeof frame.keys === "number" ? frame.keys : frame.keys.length;
      if (frame.next >= size) {
        stack.pop();
        onPath.delete(frame.value);
        continue;
      }
      const index = frame.next++;
      const key = typeof frame.keys === "number" ? index : frame.keys[index]!;
      steps.length = stack.length - 1;
      steps.push(key);
      if (++values > MAX_BUILD_VALUES) fail([], `holds more than ${MAX_BUILD_VALUES.toLocaleString("en-US")} values`);
      if (key === "__proto__") fail(steps, "a __proto__ key is no field of a record (and sets a prototype where it is copied naively)");
      const value: unknown = (frame.value as Record<string | number, unknown>)[key];
      if (typeof value === "object" && value !== null) enter(value);
      else if (typeof value === "number" && !Number.isFinite(value)) fail(steps, `${String(value)} is no JSON number`);
      else if (value === undefined && typeof key === "number") fail(steps, "undefined in an array (JSON has no undefined)");
      else if (typeof value === "bigint" || typeof value === "function" || typeof value === "symbol")
        fail(steps, `is ${kindOf(value)}, no JSON value`);
    }
  } catch (error) {
    if (error instanceof ToolkitError) throw error;
    // A getter or a proxy that throws: where, not its raw error.
    fail(steps, `could not be read (${clip(error instanceof Error ? error.message : kindOf(error), 80)})`);
  }
}

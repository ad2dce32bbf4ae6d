// Schemas of either OpenAPI version in one shape for comparing: $refs followed (local ones), the
// three ways of saying "may be null" folded into one flag (3.0 `nullable: true`, 3.1
// `type: [..., "null"]`, an anyOf/oneOf branch `{type: "null"}`), single-branch allOf/anyOf
// wrappers (what generators write around a $ref to add `nullable` or a description) unwrapped.
import { isPlainObject } from "../types/json.js";

export type Json = Record<string, unknown>;

export interface NormalSchema {
  /** JSON types other than null (integer kept apart from number); undefined: any value. */
  types: Set<string> | undefined;
  nullable: boolean;
  format: string | undefined;
  enum: unknown[] | undefined;
  properties: Map<string, Json> | undefined;
  required: Set<string>;
  items: Json | undefined;
  /** Two or more non-null alternatives (anyOf or oneOf), with their indexes there. */
  branches: { schema: Json; pointer: string }[] | undefined;
  /** The component it was reached through (`#/components/schemas/X`), if any. */
  name: string | undefined;
  /** Where it is in its document (JSON pointer). */
  pointer: string;
}

const COMPONENTS = "#/components/schemas/";

export const escapePointer = (token: string): string => token.replace(/~/g, "~0").replace(/\//g, "~1");
const unescapePointer = (token: string): string => token.replace(/~1/g, "/").replace(/~0/g, "~");

/** The value at a local `$ref` (`#/a/b`), or undefined. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node = doc;
  for (const token of ref.slice(1).split("/").slice(1).map(unescapePointer)) {
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Json)[token];
  }
  return node;
}

const isNullSchema = (s: unknown): boolean =>
  isPlainObject(s) && (s.type === "null" || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null));

/** Follows $refs and one-branch wrappers; `nullable` and `name` are what the wrappers said on the way. */
function unwrap(doc: unknown, schema: unknown, pointer: string): { node: Json; pointer: string; nullable: boolean; name?: string } {
  let node: Json = isPlainObject(schema) ? schema : {};
  let nullable = false;
  let name: string | undefined;
  for (let hops = 0; hops < 64; hops++) {
    if (node.nullable === true) nullable = true;
    if (Array.isArray(node.type) && node.type.includes("null")) nullable = true;
    if (typeof node.$ref === "string") {
      const ref = node.$ref;
      if (ref.startsWith(COMPONENTS)) name = ref.slice(COMPONENTS.length);
      const target = resolvePointer(doc, ref);
      node = isPlainObject(target) ? target : {};
      pointer = ref.slice(1);
      continue;
    }
    const alternatives = (Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined) as
      unknown[] | undefined;
    if (alternatives) {
      const key = Array.isArray(node.anyOf) ? "anyOf" : "oneOf";
      const rest = alternatives.map((s, i) => [s, i] as const).filter(([s]) => !isNullSchema(s));
      if (rest.length < alternatives.length) nullable = true;
      if (rest.length === 1) {
        pointer = `${pointer}/${key}/${rest[0]![1]}`;
        node = isPlainObject(rest[0]![0]) ? rest[0]![0] : {};
        continue;
      }
    }
    if (Array.isArray(node.allOf) && node.allOf.length === 1 && node.properties === undefined && node.type === undefined) {
      pointer = `${pointer}/allOf/0`;
      node = isPlainObject(node.allOf[0]) ? node.allOf[0] : {};
      continue;
    }
    break;
  }
  return { node, pointer, nullable, name };
}

function typesOf(node: Json): Set<string> | undefined {
  const raw = node.type;
  const list = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw.filter((t): t is string => typeof t === "string") : [];
  const types = new Set(list.filter((t) => t !== "null"));
  if (types.size === 0) {
    if (isPlainObject(node.properties)) types.add("object");
    else if (node.items !== undefined) types.add("array");
    else if (Array.isArray(node.enum) && node.enum.length > 0)
      for (const v of node.enum) if (v !== null) types.add(Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v);
  }
  return types.size === 0 ? undefined : types;
}

/** The schema at `pointer` of `doc`, in the comparable shape. */
export function normalize(doc: unknown, schema: unknown, pointer: string): NormalSchema {
  const { node, pointer: at, nullable, name } = unwrap(doc, schema, pointer);
  const key = Array.isArray(node.anyOf) ? "anyOf" : "oneOf";
  const alternatives = Array.isArray(node[key]) ? (node[key] as unknown[]) : undefined;
  const branches = alternatives
    ?.map((s, i) => ({ schema: isPlainObject(s) ? s : {}, pointer: `${at}/${key}/${i}` }))
    .filter((b) => !isNullSchema(b.schema));
  const enumValues = Array.isArray(node.enum) ? node.enum.filter((v) => v !== null) : undefined;
  // allOf of several parts: their properties and required lists together.
  const parts = Array.isArray(node.allOf) ? node.allOf.map((p) => unwrap(doc, p, at).node) : [];
  const properties = new Map<string, Json>();
  const required = new Set<string>();
  for (const part of [node, ...parts]) {
    if (isPlainObject(part.properties))
      for (const [key, value] of Object.entries(part.properties)) properties.set(key, isPlainObject(value) ? value : {});
    if (Array.isArray(part.required)) for (const key of part.required) if (typeof key === "string") required.add(key);
  }
  const hasProperties = [node, ...parts].some((p) => isPlainObject(p.properties));
  return {
    types: typesOf(node) ?? (hasProperties ? new Set(["object"]) : undefined),
    nullable: nullable || (enumValues !== undefined && enumValues.length < (node.enum as unknown[]).length),
    format: typeof node.format === "string" ? node.format : undefined,
    enum: enumValues,
    properties: hasProperties ? properties : undefined,
    required,
    items: isPlainObject(node.items) ? node.items : undefined,
    branches: branches && branches.length > 1 ? branches : undefined,
    name,
    pointer: at,
  };
}

/** `string`, `integer|null`, `array of string`, `EvaluatorConfig`: a short description for messages and rename matching. */
export function describe(doc: unknown, s: NormalSchema, depth = 0): string {
  if (s.name && depth > 0) return s.name;
  // Unnamed branches can nest (or loop, through inline anyOf): a description stops at 3 levels.
  if (depth > 3) return "…";
  let text = s.branches
    ? s.branches.map((b) => describe(doc, normalize(doc, b.schema, b.pointer), depth + 1)).join(" | ")
    : s.types
      ? [...s.types].sort().join("|")
      : "any";
  if (s.types?.has("array") && s.items && depth < 3)
    text = `array of ${describe(doc, normalize(doc, s.items, `${s.pointer}/items`), depth + 1)}`;
  if (s.format) text += ` (${s.format})`;
  return s.nullable ? `${text}|null` : text;
}

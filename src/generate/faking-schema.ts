// Turns a schema file into the schema json-schema-faker generates from, for one run.
//
// json-schema-faker 0.5.9 cannot be given our schemas as they are (each finding below was seen
// with the raw schemas; docs/fixtures.md has the figures):
// - it does not resolve a relative `$ref` ("Result.json") against the `$id`s of the schemas
//   passed as refs ("Reference not found: Result.json"): refs are inlined here;
// - for the Timestamp pattern, randexp yields strings the pattern accepts but that name no
//   instant about half the time (second 60, 30 February, 31 April): Timestamp gets a generator
//   of real instants instead;
// - for a schema with no type (Result.value, "any JSON value") it emits the schema object itself
//   ({"description": ..., "examples": [...]}) as the value: value gets typed branches instead;
// - objects get random extra properties ("cillum14"): declared objects are closed here.
// The `generate` hooks are per-call closures over the run's seeded Rng (json-schema-faker calls a
// schema's own `generate` function before anything else), so no global format is registered.
import { getSchema, type JsonSchema, type SchemaName } from "../schemas/catalog.js";
import { mapSchema } from "../schemas/walk.js";
import type { Rng } from "./rng.js";
import { unusualNumber, unusualString, unusualTimestamp } from "./unusual-values.js";

const DROPPED = ["$id", "$schema", "title", "description", "examples", "x-expected", "x-known-values", "x-parallel-arrays"];
const MAX_ITEMS = 4;

export interface FakingHooks {
  string(): string | undefined;
  known(values: readonly unknown[]): string | undefined;
  number(): number;
  timestamp(): string;
}

export function hooksFor(rng: Rng): FakingHooks {
  return {
    string: () => unusualString(rng),
    // A known value most of the time (what real data holds), otherwise any string (allowed: open enums).
    known: (values) => (rng.chance(0.7) ? String(rng.pick(values)) : unusualString(rng)),
    number: () => unusualNumber(rng),
    timestamp: () => unusualTimestamp(rng),
  };
}

/** Scalars and shallow containers for "any JSON value". */
function anyJson(hooks: FakingHooks, depth: number): JsonSchema {
  const scalars: JsonSchema[] = [
    { type: "string", generate: hooks.string },
    { type: "number", generate: hooks.number },
    { type: "boolean" },
    { type: "null" },
  ];
  if (depth === 0) return { anyOf: scalars };
  const inner = anyJson(hooks, depth - 1);
  return {
    anyOf: [
      ...scalars,
      { type: "array", items: inner, minItems: 0, maxItems: MAX_ITEMS },
      { type: "object", additionalProperties: inner, maxProperties: MAX_ITEMS },
    ],
  };
}

const emptyObject = (): JsonSchema => ({ type: "object", generate: () => ({}) });

function rewrite(node: JsonSchema, hooks: FakingHooks): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) if (!DROPPED.includes(key)) out[key] = value;
  if (node["x-known-values"] === true && Array.isArray(node.examples)) {
    const values = node.examples as unknown[];
    out.generate = () => hooks.known(values);
  } else if (out.type === "string" && out.pattern === undefined && out.generate === undefined) {
    out.generate = hooks.string;
  }
  if (out.type === "array") {
    out.minItems ??= 0;
    out.maxItems ??= MAX_ITEMS;
  }
  if (out.type === "object" && typeof out.properties === "object") {
    out.additionalProperties = false;
    // Optional properties are null a third of the time: the real service's habit, which the
    // contract tolerates (a warning, not an error).
    const required = new Set((out.required ?? []) as string[]);
    const properties: Record<string, JsonSchema> = {};
    for (const [name, sub] of Object.entries(out.properties as Record<string, JsonSchema>))
      properties[name] = required.has(name) ? sub : { anyOf: [sub, sub, { type: "null" }] };
    out.properties = properties;
  }
  if (out.type === "object" && out.properties === undefined && out.generate === undefined) {
    // settings_values: {} or a few arbitrary settings.
    return { anyOf: [emptyObject(), { type: "object", additionalProperties: anyJson(hooks, 1), maxProperties: MAX_ITEMS }] };
  }
  return out;
}

/** The schema of `name` with every `$ref` replaced by (a copy of) its target. */
function inlineRefs(name: SchemaName): JsonSchema {
  return mapSchema(getSchema(name), (node) => {
    if (typeof node.$ref !== "string") return node;
    const { $ref, ...siblings } = node;
    return {
      ...siblings,
      ...inlineRefs(
        String($ref)
          .replace(/^.*\//, "")
          .replace(/\.json$/, "") as SchemaName,
      ),
    };
  });
}

/**
 * The generation schema of `name`: refs inlined, annotations dropped, hooks attached. Build a
 * fresh one per record: json-schema-faker mutates the schemas it is given.
 */
export function fakingSchema(name: SchemaName, hooks: FakingHooks): JsonSchema {
  return rewriteTree(inlineRefs(name), hooks, []);
}

function rewriteTree(schema: JsonSchema, hooks: FakingHooks, path: readonly string[]): JsonSchema {
  if (schema.title === "Timestamp") return { type: "string", generate: hooks.timestamp };
  // "Any JSON value" (Result.value, seed 2.3): json-schema-faker would emit the schema itself.
  if (path.at(-1) === "value" && schema.type === undefined && schema.anyOf === undefined) return anyJson(hooks, 1);
  // The other branch of evaluator_config's anyOf (seed 2.4): {} mostly, as the real service
  // sends it, sometimes an arbitrary object.
  if (schema.title === "Deleted evaluator config")
    return {
      anyOf: [emptyObject(), emptyObject(), emptyObject(), { type: "object", additionalProperties: anyJson(hooks, 0), maxProperties: 3 }],
    };
  const node: JsonSchema = { ...schema };
  if (typeof node.properties === "object" && node.properties !== null) {
    node.properties = Object.fromEntries(
      Object.entries(node.properties as Record<string, JsonSchema>).map(([key, sub]) => [key, rewriteTree(sub, hooks, [...path, key])]),
    );
  }
  if (typeof node.items === "object" && node.items !== null) node.items = rewriteTree(node.items as JsonSchema, hooks, [...path, "[]"]);
  if (Array.isArray(node.anyOf)) node.anyOf = (node.anyOf as JsonSchema[]).map((sub) => rewriteTree(sub, hooks, path));
  return rewrite(node, hooks);
}

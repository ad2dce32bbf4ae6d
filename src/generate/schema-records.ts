// The schema-space generator: records straight from the schemas through json-schema-faker,
// seeded, for hardening clients against everything the contract allows (see faking-schema.ts
// for what json-schema-faker gets wrong and how it is fixed).
import { JSONSchemaFaker, type Schema } from "./json-schema-faker.js";
import { ToolkitError } from "../errors.js";
import { isResourceName, RESOURCE_NAMES, type ResourceName } from "../schemas/catalog.js";
import { fakingSchema, hooksFor } from "./faking-schema.js";
import type { GeneratedRecord } from "./records.js";
import { MAX_RECORDS } from "./options.js";
import { Rng } from "./rng.js";

export interface SchemaRecordsOptions {
  seed: number;
  /** Which resource (default Evaluation). */
  schema?: ResourceName;
  count: number;
}

// The typings declare only the setter forms of option(); option(name) reads one option.
const readOption = JSONSchemaFaker.option as unknown as (name: string) => unknown;

/**
 * json-schema-faker keeps its options in one module-wide registry. Every generation sets all of
 * them (its defaults plus ours, with our seeded random), then puts back what it found, so no
 * option leaks into, or in from, any other user of the library.
 */
function withJsfOptions<T>(rng: Rng, fn: () => T): T {
  const defaults = JSONSchemaFaker.option.getDefaults();
  const found = Object.fromEntries(Object.keys(defaults).map((name) => [name, readOption(name)])) as typeof defaults;
  JSONSchemaFaker.option({
    ...defaults,
    random: () => rng.next(),
    // Each optional property present or not at random (the default, spelled out: a number here
    // would also make arrays without minItems up to ~50 items long, see faking-schema.ts).
    optionalsProbability: null as unknown as number,
    failOnInvalidTypes: true,
    failOnInvalidFormat: true,
  });
  try {
    return fn();
  } finally {
    JSONSchemaFaker.option(found);
  }
}

/** One record of `schema` from `rng` (the caller's stream: successive calls differ). */
export function fakeRecord(schema: ResourceName, rng: Rng): unknown {
  return withJsfOptions(rng, () => JSONSchemaFaker.generate(fakingSchema(schema, hooksFor(rng)) as Schema));
}

const STREAM_SCHEMA = 0x5343;

/**
 * Keeps the ids of one stream usable as ids: unique (a dataset is keyed by id), non-empty, and
 * fetchable by URL (`/human-evaluations/{id}`: no "/", which the service's router splits on, not
 * "." or "..", which URL parsers resolve away, and at most MAX_ID_CHARS characters, so the
 * percent-encoded request line stays far below servers' header limits). Unusual ids stay unusual:
 * a "/" becomes the look-alike U+2215, a long id is cut, an empty or dot id gets a serial, a
 * repeat a `#n` suffix.
 */
export const MAX_ID_CHARS = 200;

export function createIdKeeper(): (record: unknown) => unknown {
  const seen = new Set<string>();
  let serial = 0;
  return (record) => {
    if (typeof record !== "object" || record === null || typeof (record as { id?: unknown }).id !== "string") return record;
    const target = record as { id: string };
    serial++;
    let id = [...target.id.replace(/\//g, "\u2215")].slice(0, MAX_ID_CHARS).join("");
    if (id === "" || id === "." || id === "..") id = `id-${serial}`;
    for (let n = 2; seen.has(id); n++) id = `${id.replace(/#\d+$/, "")}#${n}`;
    seen.add(id);
    target.id = id;
    return record;
  };
}

/** `count` seeded records of one resource, valid against the contract, chosen to be unusual. */
export function generateSchemaRecords(options: SchemaRecordsOptions): unknown[] {
  const schema = options.schema ?? "Evaluation";
  if (!isResourceName(schema))
    throw new ToolkitError("E_UNKNOWN_SCHEMA", `unknown schema "${String(schema)}" (one of: ${RESOURCE_NAMES.join(", ")})`);
  if (!Number.isSafeInteger(options.seed) || options.seed < 0)
    throw new ToolkitError("E_USAGE", `seed must be a non-negative integer, got ${String(options.seed)}`);
  if (!Number.isSafeInteger(options.count) || options.count < 0 || options.count > MAX_RECORDS)
    throw new ToolkitError("E_USAGE", `count must be an integer from 0 to ${MAX_RECORDS}, got ${String(options.count)}`);
  const rng = new Rng(options.seed, STREAM_SCHEMA, RESOURCE_NAMES.indexOf(schema));
  const keepId = createIdKeeper();
  return Array.from({ length: options.count }, () => keepId(fakeRecord(schema, rng)));
}

/** The schema-mode dataset as a stream: evaluations, then human evaluations. */
export function* generateSchemaDatasetRecords(options: {
  seed: number;
  evaluations: number;
  humanEvaluations: number;
}): Generator<GeneratedRecord, void, undefined> {
  const evaluations = new Rng(options.seed, STREAM_SCHEMA, RESOURCE_NAMES.indexOf("Evaluation"));
  const evaluationId = createIdKeeper();
  for (let i = 0; i < options.evaluations; i++)
    yield { kind: "evaluation", record: evaluationId(fakeRecord("Evaluation", evaluations)) as never };
  const humans = new Rng(options.seed, STREAM_SCHEMA, RESOURCE_NAMES.indexOf("HumanEvaluation"));
  const humanId = createIdKeeper();
  for (let i = 0; i < options.humanEvaluations; i++)
    yield { kind: "human_evaluation", record: humanId(fakeRecord("HumanEvaluation", humans)) as never };
}

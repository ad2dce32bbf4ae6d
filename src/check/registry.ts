// The one place that creates the Ajv instance, adds every schema and compiles validators.
// Compiled once per process and reused: nothing compiles per record or per request.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { loadSchemas, schemaId, type SchemaName } from "../schemas/catalog.js";
import { toCheckerSchema, toSpotlessSchema } from "../schemas/checker-schema.js";
import { namesRealInstant } from "./date-time.js";
import { parallelLengthsAgree } from "./parallel-arrays.js";
import { addWarningKeywords } from "./warning-keywords.js";

export interface Validators {
  /** Errors as Ajv errors, warnings recorded by the warning keywords. */
  check: ValidateFunction;
  /** Yes/no: true means nothing to report at all (see toSpotlessSchema). */
  spotless: ValidateFunction;
}

let validators: Map<SchemaName, Validators> | undefined;

/** The one format the schemas use (Timestamp): a real instant, naive or not (src/check/date-time.ts). */
const FORMATS = { "date-time": { type: "string", validate: namesRealInstant } } as const;

function compileSpotless(): Ajv2020 {
  const ajv = new Ajv2020({ strictTypes: false, strictTuples: false, formats: FORMATS, unicodeRegExp: false });
  ajv.addVocabulary(["x-known-values", "x-expected"]);
  // Parallel arrays of different lengths are a warning: not spotless (a few length reads per record).
  ajv.addKeyword({
    keyword: "x-parallel-arrays",
    schemaType: "array",
    validate: (names: string[], data: unknown) => parallelLengthsAgree(data, names),
    errors: false,
  });
  for (const schema of loadSchemas().values()) ajv.addSchema(toSpotlessSchema(schema));
  return ajv;
}

function compileAll(): Map<SchemaName, Validators> {
  // allErrors: report every finding; verbose: errors carry the data and schema the messages need;
  // unicodeRegExp off: the schemas' patterns are ASCII, and non-unicode regexps run faster.
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strictTypes: false,
    strictTuples: false,
    formats: FORMATS,
    unicodeRegExp: false,
  });
  addWarningKeywords(ajv);
  for (const schema of loadSchemas().values()) ajv.addSchema(toCheckerSchema(schema));
  const spotless = compileSpotless();
  const byName = new Map<SchemaName, Validators>();
  for (const name of loadSchemas().keys()) {
    const check = ajv.getSchema(schemaId(name));
    const quick = spotless.getSchema(schemaId(name));
    if (!check || !quick) throw new Error(`schema ${name} did not compile`);
    byName.set(name, { check, spotless: quick });
  }
  return byName;
}

/** The compiled validators of one schema (all schemas compile on first use). */
export function getValidators(name: SchemaName): Validators {
  validators ??= compileAll();
  const found = validators.get(name);
  if (!found) throw new Error(`no validators for schema ${name}`);
  return found;
}

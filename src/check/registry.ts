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
  /**
   * Yes/no: true means nothing to report at all (see toSpotlessSchema). Compiled on first use:
   * data that warns on nearly every record (the real service's) never needs it.
   */
  readonly spotless: ValidateFunction;
}

/** The one format the schemas use (Timestamp): a real instant, naive or not (src/check/date-time.ts). */
const FORMATS = { "date-time": { type: "string", validate: namesRealInstant } } as const;

function createSpotless(): Ajv2020 {
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

function createChecker(): Ajv2020 {
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
  return ajv;
}

// Two Ajv instances, each with every schema added once; a schema is compiled (with what it
// references) the first time it is asked for, so a process that checks Evaluations never compiles
// the validation-error schemas, and one that never sees a spotless record never compiles the
// pre-check. Each compiled validator is kept: nothing compiles twice, per record or per request.
let checker: Ajv2020 | undefined;
let spotlessAjv: Ajv2020 | undefined;
const validators = new Map<SchemaName, Validators>();

function compile(ajv: Ajv2020, name: SchemaName): ValidateFunction {
  const validate = ajv.getSchema(schemaId(name));
  if (!validate) throw new Error(`schema ${name} did not compile`);
  return validate;
}

/** The validators of one schema (the checking one compiled on first use, the pre-check on its first call). */
export function getValidators(name: SchemaName): Validators {
  let found = validators.get(name);
  if (found) return found;
  checker ??= createChecker();
  let spotless: ValidateFunction | undefined;
  found = {
    check: compile(checker, name),
    get spotless() {
      spotlessAjv ??= createSpotless();
      return (spotless ??= compile(spotlessAjv, name));
    },
  };
  validators.set(name, found);
  return found;
}

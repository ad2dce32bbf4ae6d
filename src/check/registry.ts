// The one place that hands out the checker's validators by schema name. They were compiled at build
// time (src/check/ajv-instances.ts, written as Ajv standalone code into src/check/precompiled/ by
// `npm run gen`), so nothing compiles at run time: no `new Function`, which lets the checker run on
// pages whose Content-Security-Policy forbids eval, and no compilation on a process's first check.
import { ToolkitError } from "../errors.js";
import { SCHEMA_NAMES, type SchemaName } from "../schemas/catalog.js";
import { VALIDATORS as CHECKERS } from "./precompiled/checker.js";
import { VALIDATORS as SPOTLESS } from "./precompiled/spotless.js";
import type { CompiledValidator } from "./validator-runtime.js";

export interface Validators {
  /** Errors as Ajv errors, warnings recorded by the warning keywords. */
  readonly check: CompiledValidator;
  /** Yes/no: true means nothing to report at all (see toSpotlessSchema). */
  readonly spotless: CompiledValidator;
}

const validators = new Map<SchemaName, Validators>();

/**
 * The validators of one schema. A name that is none of the schemas (a JavaScript caller's typo, or
 * `constructor`, which a plain lookup would find on Object.prototype) is E_UNKNOWN_SCHEMA, never an
 * empty list of findings that reads as "conforms".
 */
export function getValidators(name: SchemaName): Validators {
  let found = validators.get(name);
  if (!found) {
    if (typeof name !== "string" || !Object.hasOwn(CHECKERS, name) || !Object.hasOwn(SPOTLESS, name))
      throw new ToolkitError("E_UNKNOWN_SCHEMA", `unknown schema ${JSON.stringify(name)} (one of: ${SCHEMA_NAMES.join(", ")})`);
    found = { check: CHECKERS[name], spotless: SPOTLESS[name] };
    validators.set(name, found);
  }
  return found;
}

// The one place that hands out the checker's validators by schema name. They were compiled at build
// time (src/check/ajv-instances.ts, written as Ajv standalone code into src/check/precompiled/ by
// `npm run gen`), so nothing compiles at run time: no `new Function`, which lets the checker run on
// pages whose Content-Security-Policy forbids eval, and no compilation on a process's first check.
import type { SchemaName } from "../schemas/catalog.js";
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

/** The validators of one schema. */
export function getValidators(name: SchemaName): Validators {
  let found = validators.get(name);
  if (!found) {
    found = { check: CHECKERS[name], spotless: SPOTLESS[name] };
    validators.set(name, found);
  }
  return found;
}

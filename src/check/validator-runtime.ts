// Everything the checker's compiled validators refer to besides their own code: the date-time
// format and the factories of the warning keywords. The generated modules in src/check/precompiled/
// import this module as `checkerRuntime` (keyword-code.ts and ajv-instances.ts write those
// references), and runtime compilation (tests) passes the same functions by reference.
import { namesRealInstant } from "./date-time.js";
import { parallelLengthsAgree } from "./parallel-arrays.js";

export { expectPattern, expectSchema, warnParallelArrays, warnProperties, warnUnknownValues } from "./warning-keywords.js";
export type { CompiledValidator, WarningCheck } from "./warning-keywords.js";

/** The one format the schemas use (Timestamp): a real instant, naive or not (src/check/date-time.ts). */
export const FORMATS = { "date-time": { type: "string", validate: namesRealInstant } } as const;

/** The pre-check's x-parallel-arrays: false when the named arrays differ in length (a few length reads per record). */
export const parallelLengthsAgreeOf =
  (names: readonly string[]) =>
  (data: unknown): boolean =>
    parallelLengthsAgree(data, names);

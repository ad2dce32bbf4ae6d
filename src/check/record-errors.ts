// The checker's error findings of one Evaluation or HumanEvaluation, from the errors-only validators
// (precompiled/errors.ts: the checker's schemas without its warning keywords and prose). The
// record builders (src/build/) check what they make with it: the whole checker does not fit their
// browser budget. Same paths, rules and messages as checkResource's errors (a test compares them).
import { toFindings } from "./describe-errors.js";
import type { Finding } from "./finding.js";
import { VALIDATORS } from "./precompiled/errors.js";

export type RecordName = keyof typeof VALIDATORS;

/** The contract errors of `value` as a `name` record (no warnings); `path` is where it sits (`$` for the root). */
export function recordErrors(name: RecordName, value: unknown, path = "$"): Finding[] {
  const validate = VALIDATORS[name];
  return validate(value) ? [] : toFindings(validate.errors ?? [], [], path);
}

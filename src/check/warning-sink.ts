// Where the warning keywords record what they find during one validation. Validation is
// synchronous, so one module-level sink, swapped per call, is enough.

export interface RawWarning {
  /** JSON Pointer of the value, as Ajv's instancePath. */
  pointer: string;
  rule: string;
  /** Left out by warnLazily: then `describe(data)` makes it, only for a warning that is reported one by one. */
  message?: string | undefined;
  describe?: ((data: unknown) => string) | undefined;
  data?: unknown;
  /**
   * messagePattern(message) (fold-findings.ts), when the maker knows it for certain: folding
   * 200,000 warnings then needs no scan of each message for its values. Absent: worked out there.
   */
  pattern?: string | undefined;
}

let sink: RawWarning[] | undefined;

export function warn(pointer: string, rule: string, message: string, pattern?: string): void {
  sink?.push({ pointer, rule, message, pattern, describe: undefined, data: undefined });
}

/**
 * A warning whose message is made only if someone reads it: folded, 100,000 naive timestamps need
 * one message, not 100,000 (`pattern` is known, so the folder needs none to group them).
 */
export function warnLazily(pointer: string, rule: string, pattern: string, describe: (data: unknown) => string, data: unknown): void {
  sink?.push({ pointer, rule, message: undefined, pattern, describe, data });
}

/** The message of a recorded warning (made now when it was recorded lazily). */
export const messageOf = (warning: RawWarning): string => warning.message ?? warning.describe!(warning.data);

/** Runs `fn` with a fresh sink and returns its result with the warnings recorded meanwhile. */
export function collectWarnings<T>(fn: () => T): [T, RawWarning[]] {
  const previous = sink;
  const mine: RawWarning[] = [];
  sink = mine;
  try {
    return [fn(), mine];
  } finally {
    sink = previous;
  }
}

/**
 * Records the warnings of `validate(value)` (one call per record: no closure nor tuple per call, as
 * collectWarnings needs). Returns the validator's result; `into` receives the warnings.
 */
export function validateCollecting(validate: (value: unknown) => boolean, value: unknown, into: RawWarning[]): boolean {
  const previous = sink;
  sink = into;
  try {
    return validate(value);
  } finally {
    sink = previous;
  }
}

/** Runs `fn` with recording off (for nested validations whose paths are not the document's). */
export function withoutWarnings<T>(fn: () => T): T {
  const previous = sink;
  sink = undefined;
  try {
    return fn();
  } finally {
    sink = previous;
  }
}

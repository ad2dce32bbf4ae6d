// Where the warning keywords record what they find during one validation. Validation is
// synchronous, so one module-level sink, swapped per call, is enough.

export interface RawWarning {
  /** JSON Pointer of the value, as Ajv's instancePath. */
  pointer: string;
  rule: string;
  message: string;
}

let sink: RawWarning[] | undefined;

export function warn(pointer: string, rule: string, message: string): void {
  sink?.push({ pointer, rule, message });
}

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

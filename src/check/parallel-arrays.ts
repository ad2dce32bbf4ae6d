// Parallel arrays: item i of `variant_ids`, `variant_names`, `variant_revision_ids` (Evaluation) /
// `variants_revision_ids` (HumanEvaluation) and `revisions` describes the same variant. The seed
// does not say so (2.1, 2.5), but the real service builds them together and its web client reads
// them by index (domain notes), so arrays of different lengths are a warning. The schemas name the
// arrays with `x-parallel-arrays`; the checker's warning keyword and the fast pre-check both call
// this, and for a conforming record it costs a few length reads.
import { isPlainObject } from "../types/json.js";

export interface LengthMismatch {
  /** The array whose length differs from the others'. */
  name: string;
  length: number;
  /** The length most of the arrays have, and one array that has it. */
  expected: number;
  reference: string;
}

/** True when every listed property that is an array has the same length (non-arrays are other rules' business). */
export function parallelLengthsAgree(data: unknown, names: readonly string[]): boolean {
  if (!isPlainObject(data)) return true;
  let length = -1;
  for (const name of names) {
    const value = data[name];
    if (!Array.isArray(value)) continue;
    if (length === -1) length = value.length;
    else if (value.length !== length) return false;
  }
  return true;
}

/**
 * The arrays whose length differs from the length most of them share (on a tie, the first
 * array's): `variant_ids` of 1 item beside three arrays of 2 names `variant_ids`, not the three.
 */
export function parallelMismatches(data: unknown, names: readonly string[]): LengthMismatch[] {
  if (parallelLengthsAgree(data, names)) return [];
  const record = data as Record<string, unknown>;
  const arrays = names.flatMap((name) => {
    const value = record[name];
    return Array.isArray(value) ? [{ name, length: value.length }] : [];
  });
  const votes = new Map<number, number>();
  for (const { length } of arrays) votes.set(length, (votes.get(length) ?? 0) + 1);
  let best = arrays[0]!;
  for (const array of arrays) if (votes.get(array.length)! > votes.get(best.length)!) best = array;
  return arrays
    .filter((a) => a.length !== best.length)
    .map(({ name, length }) => ({ name, length, expected: best.length, reference: best.name }));
}

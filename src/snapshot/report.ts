// What `snapshot --report FILE` writes: where the records came from, how many, and what was replaced,
// field by field, with counts. Never a value: no id, no name, not even a pseudonym (the salt is not in
// it either), so the report can be shared where the snapshot's source may not be named.
import type { SnapshotResult } from "./snapshot.js";

export interface SnapshotReport {
  tool: "snapshot";
  records: { evaluations: number; humanEvaluations: number; byIdRequests: number };
  anonymized: boolean;
  /** Each replaced field (`evaluations[].user_username`): how many values were replaced, how many distinct. */
  replaced: Array<{ field: string; replaced: number; distinct: number }>;
  /** By-id answers that differ from their list record, the dataset's findings by severity, the notes. */
  byIdDifferences: number;
  findings: { errors: number; warnings: number };
  notes: number;
}

export function snapshotReport(result: SnapshotResult): SnapshotReport {
  return {
    tool: "snapshot",
    records: result.counts,
    anonymized: result.anonymization !== undefined,
    replaced: (result.anonymization?.fields ?? []).map(({ field, replaced, distinct }) => ({ field, replaced, distinct })),
    byIdDifferences: result.differences.length,
    findings: { errors: result.validation.errors, warnings: result.validation.warnings },
    notes: result.notes.length,
  };
}

// Turns the Pact verification's result into checks of the report: one per interaction, filed
// under the endpoint it exercises, each mismatch a finding (rule `pact`).
import type { OperationId } from "../../contract/operations.js";
import type { CheckDraft } from "./context.js";
import { mainLabel } from "../endpoints.js";
import type { ProviderFinding } from "../../engine/finding.js";

/** The parts of runPactVerification's result this module reads (PactVerificationResult fits it). */
export interface PactOutcome {
  passed: boolean;
  interactions: ReadonlyArray<{
    description: string;
    operationId: OperationId;
    passed: boolean;
    mismatches: readonly string[];
    skipReason?: string;
  }>;
  error?: string;
}

export const PACT_ENDPOINT = "Pact verification";

/** The JSONPath a Pact mismatch names (`$.detail[0].loc`, `$[0].created_at`), or `$`. */
export function mismatchPath(mismatch: string): string {
  const match = /\$(?:\.[A-Za-z_][\w-]*|\[[^\]]*\])*/.exec(mismatch);
  return match ? match[0] : "$";
}

/**
 * Document order of two JSONPaths by their array indexes, compared as numbers: `$[2].a` before
 * `$[33].a` (pact-core lists mismatches in text order, `$[33]` before `$[4]`). Paths with the same
 * indexes tie, so a stable sort keeps pact-core's order among one record's fields.
 */
export function comparePaths(a: string, b: string): number {
  const indexes = (path: string): number[] => [...path.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  const [x, y] = [indexes(a), indexes(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

const pactFinding = (rule: string, path: string, message: string, operation?: OperationId): ProviderFinding => ({
  severity: "error",
  check: "pact",
  ...(operation === undefined ? {} : { operation }),
  path,
  rule,
  message,
});

export function pactDrafts(outcome: PactOutcome): CheckDraft[] {
  const drafts: CheckDraft[] = outcome.interactions.map((interaction) => {
    const base = {
      group: "pact" as const,
      check: `pact: ${interaction.description}`,
      endpoint: mainLabel(interaction.operationId),
      operationId: interaction.operationId,
    };
    if (interaction.skipReason !== undefined) return { ...base, findings: [], skipReason: interaction.skipReason };
    // In document order ($[2] before $[33]), as a reader scans the body; a stable sort keeps one path's mismatches in order.
    const findings = interaction.mismatches
      .map((m) => pactFinding("pact", mismatchPath(m), m.replace(/\s+/g, " ").trim(), interaction.operationId))
      .sort((a, b) => comparePaths(a.path, b.path));
    if (!interaction.passed && findings.length === 0)
      findings.push(pactFinding("pact", "$", "the interaction failed without a mismatch", interaction.operationId));
    return { ...base, findings };
  });
  const runFailed = !outcome.passed && outcome.interactions.every((i) => i.passed || i.skipReason !== undefined);
  if (outcome.error !== undefined || runFailed)
    drafts.push({
      group: "pact",
      check: "pact: verification run",
      endpoint: PACT_ENDPOINT,
      findings: [pactFinding("pact-error", "$", (outcome.error ?? "the Pact verification failed").replace(/\s+/g, " ").trim())],
    });
  return drafts;
}

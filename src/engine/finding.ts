// The one finding type of every tool that talks to a provider (verify, fuzz) and of every report:
// what a check found in one exchange (or across several), named by check, operation and cause so
// that a baseline can recognise it in another run, with other seeds and other data.
import type { Finding, Severity } from "../check/finding.js";
import type { OperationId } from "../contract/operations.js";
import { redactSecrets } from "../io/redact.js";

export interface ProviderFinding extends Finding {
  /** The check that found it, e.g. `server-error`, `conformance`, `filter-bypass`. */
  check: string;
  /** The operation of the request it came from; absent for run-wide findings (a Pact run that failed as a whole). */
  operation?: OperationId;
  /** The request as sent, relative to the base URL: `GET /human-evaluations/667e1b0ad1812781f7e37701`. */
  request?: string;
  /**
   * What tells two faults of one check and operation apart, stable across runs, seeds and data
   * (`500 ValueError: ...`, `type $[*].status.value`); default: the rule and the path with its indices blanked.
   */
  cause?: string;
  /** Past a check's bound, this many more findings like it were counted, not kept (the counts include them). */
  omitted?: number;
  /** Listed in the run's baseline: reported, but it does not fail the run. */
  known?: boolean;
}

/** A JSON path with its array indices blanked: `$[3].status.value` -> `$[*].status.value`. */
export const pathPattern = (path: string): string => path.replace(/\[\d+\]/g, "[*]");

/**
 * The finding's cause: its own, or its rule and path pattern; secrets redacted (src/io/redact.ts), so
 * the key a baseline stores, fuzz folds on and a report prints never holds one.
 */
export const causeOf = (finding: Pick<ProviderFinding, "cause" | "rule" | "path">): string =>
  redactSecrets(finding.cause ?? `${finding.rule} ${pathPattern(finding.path)}`);

/** The key a baseline lists a finding under: check, operation and cause (never a request, an id or a seed). */
export interface FindingKey {
  check: string;
  operation: OperationId | "*";
  cause: string;
}

export const findingKey = (finding: ProviderFinding): FindingKey => ({
  check: finding.check,
  operation: finding.operation ?? "*",
  cause: causeOf(finding),
});

export const keyText = (key: FindingKey): string => `${key.check} | ${key.operation} | ${key.cause}`;

export type { Severity };

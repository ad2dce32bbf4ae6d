// The verifier's result type: checks grouped by endpoint, each holding the checker's findings.
import type { ProviderFinding } from "../engine/finding.js";
import type { Compat } from "../engine/provider-settings.js";
import type { BaselineSummary } from "../engine/baseline.js";
import type { OperationId } from "../contract/operations.js";
import type { Observation } from "../coverage/observation.js";
import type { ReportCounts } from "../report/model.js";

/** pact: the committed consumer contracts; conformance: every record through the checker; cross-endpoint: how the endpoints agree. */
export type CheckGroup = "pact" | "conformance" | "cross-endpoint";

export const CHECK_GROUPS: readonly CheckGroup[] = ["pact", "conformance", "cross-endpoint"];

/** A finding of the verifier: the one finding type of every provider tool (src/engine/finding.ts). */
export type VerificationFinding = ProviderFinding;

export type CheckOutcome = "passed" | "warned" | "failed" | "skipped";

export interface CheckResult {
  group: CheckGroup;
  /** What is checked, e.g. `conformance`, `app-id-filter`, `pact: list the evaluations of an app`. */
  check: string;
  /** The endpoint, as a template: `GET /evaluations?app_id={app_id}`, `GET /human-evaluations/{evaluation_id}`. */
  endpoint: string;
  /** The operation the endpoint belongs to; absent for run-wide checks (a Pact run that failed as a whole). */
  operationId?: OperationId;
  outcome: CheckOutcome;
  /** Why the check did not run (outcome `skipped`). */
  skipReason?: string;
  findings: VerificationFinding[];
  durationMs: number;
}

/** The report model's counts (checks by outcome; errors and warnings without the known ones), requests apart. */
export type VerificationCounts = Omit<ReportCounts, "requests">;

/**
 * pass: every check ran or was skipped for want of records, none failed; fail: a check failed;
 * partial: none failed, but the run had no app id (`partial: true`), so most checks did not run.
 */
export type Verdict = "pass" | "fail" | "partial";

export interface VerificationReport {
  /** The provider's base URL, normalised (no trailing slash). */
  baseUrl: string;
  appId?: string;
  humanEvaluationId?: string;
  /** The random ids used for the unknown-id checks. */
  unknownAppId: string;
  unknownEvaluationId: string;
  /** The id of the malformed-id request (no service takes it for an object id). */
  malformedEvaluationId: string;
  strict: boolean;
  /** Which era of the service the verdict follows (`--compat`). */
  compat: Compat;
  /** `ran`, `disabled` (pact: false) or `skipped` (no app id to find provider states with). */
  pact: "ran" | "disabled" | "skipped";
  /** The run's verdict: only `pass` says the provider conforms (see Verdict). */
  verdict: Verdict;
  /** True when no check failed (warnings allowed unless strict); also true for a partial run: read `verdict`. */
  passed: boolean;
  /** What the reader should know that is no finding, e.g. an app without human evaluations (checks skipped). */
  notes: string[];
  /** A likely cause of many failures at once, e.g. a base URL without its path prefix. */
  hint?: string;
  startedAt: string;
  durationMs: number;
  /** HTTP requests the sweep and cross-endpoint checks sent (Pact's own are not counted). */
  requests: number;
  counts: VerificationCounts;
  /** Present when the run had a baseline (`--baseline FILE`). */
  baseline?: BaselineSummary;
  checks: CheckResult[];
  /** What the provider's answers showed of the contract's surface and client cases, folded (`evals-contract coverage`). */
  observations: Observation[];
}

// The fuzzer's data: the requests it plans and sends, what a provider answered, and the failures
// its checks find, deduplicated and shrunk, in the report every output format renders.
import type { OperationId } from "../contract/operations.js";
import type { Observation } from "../coverage/observation.js";
import { CHECK_NAMES, type CheckName } from "../engine/checks/index.js";
import type { ProviderFinding } from "../engine/finding.js";
import type { ExchangeAnswer, ExchangeFault, ExchangeOutcome } from "../engine/http-client.js";
import type { PlannedRequest } from "../engine/request.js";
import type { Compat } from "../engine/provider-settings.js";
import type { BaselineSummary } from "../engine/baseline.js";

/** The checks the fuzzer runs on every answer: the engine's registry, the same as verify's (docs/rules.md). */
export const FUZZ_CHECKS: readonly CheckName[] = CHECK_NAMES;

export type FuzzCheckName = CheckName;

/** `discovery`: the given app's lists (their records feed later requests); `boundary`: every odd class once; `random`: combinations. */
export type FuzzPhase = "discovery" | "boundary" | "random";

/**
 * One planned request, as sent: `path` and every query name and value are raw (already
 * percent-encoded exactly as they go on the wire; nothing re-encodes or normalises them).
 * `{record}` in `path` or a query value stands for an id of one of the app's human evaluations,
 * found by the discovery requests (a well-formed unknown id when the app has none).
 */
export interface FuzzRequest extends PlannedRequest {
  /** Position in the seed's whole plan (shards keep the numbers of the whole plan). */
  index: number;
  phase: FuzzPhase;
}

/** A provider's answer to one request, or the transport fault that stood in for one (src/engine/http-client.ts). */
export type FuzzAnswer = ExchangeAnswer;
export type TransportFault = ExchangeFault;
export type FuzzOutcome = ExchangeOutcome;

/**
 * One failure of the report: one finding (check, operation, cause; the engine's one finding type),
 * with how many requests hit it and the shrunk request that still shows it.
 */
export interface FuzzFailure extends Omit<ProviderFinding, "request" | "check" | "cause"> {
  check: FuzzCheckName;
  /** The operation of the failing requests (the finding's `operation`, spelled as the plan spells it). */
  operationId: OperationId;
  /** Stable within a fault, different between faults (`500 ValueError: ...`, `text/html`), never request-specific. */
  cause: string;
  /** How many requests of the run hit this failure. */
  hits: number;
  /** The smallest request found that fails the same check with the same cause. */
  request: FuzzRequest;
  /** The first request that hit it, before shrinking (equal to `request` when nothing smaller fails). */
  original: FuzzRequest;
  /** The shrunk request's answer: its status (absent on a transport fault) and body's first line. */
  status?: number;
  firstLine: string;
  /** `curl ...` reproducing the shrunk request exactly (credentials redacted). */
  curl: string;
}

export interface FuzzCheckSummary {
  check: FuzzCheckName;
  operationId: OperationId;
  /** `GET /evaluations?app_id={app_id}`: the operation's endpoint template. */
  endpoint: string;
  outcome: "passed" | "warned" | "failed";
  /** Requests of this operation the check looked at. */
  requests: number;
  failures: FuzzFailure[];
}

export interface FuzzReport {
  tool: "fuzz";
  baseUrl: string;
  appId: string;
  seed: number;
  shard?: { index: number; total: number };
  strict: boolean;
  /** Which era of the service the verdict follows (`--compat`). */
  compat: Compat;
  maxResponseTimeMs?: number;
  startedAt: string;
  durationMs: number;
  /** Requests planned for this run (this shard's), and sent (shrinking's are counted apart). */
  planned: number;
  sent: number;
  shrinkRequests: number;
  /** Why the run ended: every planned request sent, the time limit, or the provider gone. */
  stoppedBy: "done" | "time-limit" | "provider-gone";
  /** `partial`: nothing failed, but the run ended before the floor of its plan (the discovery and boundary phases): not a PASS. */
  verdict: "pass" | "fail" | "partial";
  passed: boolean;
  notes: string[];
  /** Failures by severity, those the baseline lists counted apart as known (they do not fail the run). */
  counts: { errors: number; warnings: number; known: number };
  /** Present when the run replayed an earlier report's failures (`--replay FILE`): it has no seed (`seed` is 0, never shown). */
  replay?: { source: string; cases: number; notReplayed: number };
  /** Present when the run had a baseline (`--baseline FILE`). */
  baseline?: BaselineSummary;
  checks: FuzzCheckSummary[];
  failures: FuzzFailure[];
  /** What the provider's answers to GETs showed of the contract's surface and client cases, folded (`evals-contract coverage`). */
  observations: Observation[];
}

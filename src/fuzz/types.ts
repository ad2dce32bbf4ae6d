// The fuzzer's data: the requests it plans and sends, what a provider answered, and the failures
// its checks find, deduplicated and shrunk, in the report every output format renders.
import type { Finding, Severity } from "../check/finding.js";
import type { OperationId } from "../contract/operations.js";
import type { Observation } from "../coverage/observation.js";
import type { ExchangeAnswer, ExchangeFault, ExchangeOutcome } from "../io/http-exchange.js";

/** The checks the fuzzer runs on every answer (docs/rules.md, "fuzz"). */
export const FUZZ_CHECKS = [
  "server-error",
  "status",
  "content-type",
  "body",
  "filter-bypass",
  "method",
  "response-time",
  "leak",
  "transport",
] as const;

export type FuzzCheckName = (typeof FUZZ_CHECKS)[number];

/** `discovery`: the given app's lists (their records feed later requests); `boundary`: every odd class once; `random`: combinations. */
export type FuzzPhase = "discovery" | "boundary" | "random";

/**
 * One planned request, as sent: `path` and every query name and value are raw (already
 * percent-encoded exactly as they go on the wire; nothing re-encodes or normalises them).
 * `{record}` in `path` or a query value stands for an id of one of the app's human evaluations,
 * found by the discovery requests (a well-formed unknown id when the app has none).
 */
export interface FuzzRequest {
  /** Position in the seed's whole plan (shards keep the numbers of the whole plan). */
  index: number;
  phase: FuzzPhase;
  operationId: OperationId;
  method: string;
  /** Relative to the base URL, starting with `/`: `/human-evaluations/%F0%9F%98%80`. */
  path: string;
  /** Raw name and value pairs, in order; a value of `null` sends the name alone (`?app_id`). */
  query: Array<[string, string | null]>;
  /** Extra request headers (names lower-case), in order. */
  headers: Array<[string, string]>;
  /** A few bytes at most (a provider that wrongly accepts a write must not get anything to store). */
  body?: string;
  /** The odd-request class, e.g. `app_id: emoji`, `method: POST`, `evaluation_id: too long`. */
  label: string;
}

/** A provider's answer to one request, or the transport fault that stood in for one (src/io/http-exchange.ts). */
export type FuzzAnswer = ExchangeAnswer;
export type TransportFault = ExchangeFault;
export type FuzzOutcome = ExchangeOutcome;

/** What one check found in one answer: `cause` separates different faults of one check and operation. */
export interface CheckHit {
  check: FuzzCheckName;
  severity: Severity;
  /** Stable within a fault, different between faults (`500 ValueError: ...`, `text/html`), never request-specific. */
  cause: string;
  message: string;
  /** The checker's findings behind a `body` hit (JSON path, rule, message). */
  findings?: Finding[];
}

/** One failure of the report: one (check, operation, cause), with the shrunk request that still shows it. */
export interface FuzzFailure {
  check: FuzzCheckName;
  severity: Severity;
  operationId: OperationId;
  cause: string;
  message: string;
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
  findings?: Finding[];
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
  maxResponseTimeMs?: number;
  startedAt: string;
  durationMs: number;
  /** Requests planned for this run (this shard's), and sent (shrinking's are counted apart). */
  planned: number;
  sent: number;
  shrinkRequests: number;
  /** Why the run ended: every planned request sent, the time limit, or the provider gone. */
  stoppedBy: "done" | "time-limit" | "provider-gone";
  verdict: "pass" | "fail";
  passed: boolean;
  notes: string[];
  counts: { failures: number; errors: number; warnings: number };
  checks: FuzzCheckSummary[];
  failures: FuzzFailure[];
  /** What the provider's answers to GETs showed of the contract's surface and client cases, folded (`evals-contract coverage`). */
  observations: Observation[];
}

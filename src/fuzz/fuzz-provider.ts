// `fuzzProvider`: sends the seed's odd requests to a provider, runs every check on every answer,
// folds the hits into failures (one per check, operation and cause, with a count), shrinks each
// failing request to a minimal one that still fails the same way, and returns the report.
import { OPERATIONS, type OperationId, OPERATION_IDS } from "../contract/operations.js";
import { ToolkitError } from "../errors.js";
import { firstLine, type CheckSettings } from "../engine/checks/index.js";
import { causeOf, type ProviderFinding } from "../engine/finding.js";
import { createHttpClient, type HttpClient } from "../engine/http-client.js";
import { judgeExchange } from "../engine/judge.js";
import { requestLine } from "../engine/request.js";
import { applyBaseline, type Baseline } from "../engine/baseline.js";
import {
  boundedInteger,
  resolveProviderSettings,
  type ProviderSettings,
  type ProviderSettingsOptions,
} from "../engine/provider-settings.js";
import { redactUrlSecrets } from "../io/redact.js";
import { curlCommand } from "./curl.js";
import { createExecutor, type Executor } from "../engine/executor.js";
import { recordIds } from "../engine/record-ids.js";
import { bindRequest, DEFAULT_MAX_REQUESTS, iterateRequests, planSize, targetOf, type Bindings } from "./plan.js";
import { shrinkRequest } from "./shrink.js";
import {
  FUZZ_CHECKS,
  type FuzzCheckName,
  type FuzzCheckSummary,
  type FuzzFailure,
  type FuzzOutcome,
  type FuzzReport,
  type FuzzRequest,
} from "./types.js";

/** The engine's defaults, by the names fuzz's callers know (src/engine/provider-settings.ts). */
export {
  DEFAULT_CONCURRENCY as DEFAULT_FUZZ_CONCURRENCY,
  DEFAULT_TIMEOUT_MS as DEFAULT_FUZZ_TIMEOUT_MS,
} from "../engine/provider-settings.js";
/** Requests one failure's shrinking may send. */
export const SHRINK_BUDGET = 60;
/** Failures shrunk per run; the rest are reported as first met. */
const MAX_SHRUNK = 40;
/** Distinct causes kept per check and operation; past this they fold into one. */
const MAX_CAUSES = 20;
/** Refused connections in a row after which the provider is taken for gone and the run stops. */
export const GONE_AFTER = 5;

/** The run's settings (base URL, headers, timeout, concurrency, byte cap, compat, strict: src/engine/provider-settings.ts), and fuzz's own. */
export interface FuzzOptions extends ProviderSettingsOptions {
  appId: string;
  /** Default: a random seed, printed in the report (pass it back to repeat the run). */
  seed?: number;
  maxRequests?: number;
  /** Stop sending new requests after this long (shrinking the failures found still happens). */
  timeLimitMs?: number;
  /** An answer slower than this is a `response-time` failure (off unless given). */
  maxResponseTimeMs?: number;
  /** Failures this baseline lists are reported as known and do not fail the run (docs/baseline.md). */
  baseline?: Baseline;
  /** The run's date (YYYY-MM-DD) the baseline's `expires` dates are compared with; default: the UTC date of the start. */
  today?: string;
  /** This job's share of the plan: `{ index: 1, total: 3 }` is the first of three. */
  shard?: { index: number; total: number };
  /** Called after each request of the plan. */
  onProgress?(sent: number, planned: number): void;
}

interface Resolved extends ProviderSettings {
  appId: string;
  seed: number;
  maxRequests: number;
}

const usage = (message: string): ToolkitError => new ToolkitError("E_USAGE", message);

/** The options checked and defaulted; a usage error naming the first bad one. */
export function resolveFuzzOptions(
  options: FuzzOptions,
): Resolved & Pick<FuzzOptions, "shard" | "timeLimitMs" | "maxResponseTimeMs" | "baseline" | "today"> {
  const settings = resolveProviderSettings(options);
  if (typeof options.appId !== "string" || options.appId === "")
    throw usage("--app-id is required: the app whose records the fuzzer starts from");
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  if (!Number.isSafeInteger(seed) || seed < 0) throw usage(`--seed must be a whole number from 0, got ${options.seed}`);
  const shard = options.shard;
  if (
    shard !== undefined &&
    (!Number.isInteger(shard.total) || shard.total < 1 || !Number.isInteger(shard.index) || shard.index < 1 || shard.index > shard.total)
  )
    throw usage(`--shard must be I/N with 1 <= I <= N, got ${shard.index}/${shard.total}`);
  if (options.timeLimitMs !== undefined && !(options.timeLimitMs > 0))
    throw usage(`--time-limit must be positive, got ${options.timeLimitMs}`);
  if (options.maxResponseTimeMs !== undefined && !(options.maxResponseTimeMs > 0))
    throw usage(`--max-response-time must be positive, got ${options.maxResponseTimeMs}`);
  return {
    ...settings,
    appId: options.appId,
    seed,
    maxRequests: boundedInteger(options.maxRequests, DEFAULT_MAX_REQUESTS, { option: "--max-requests", min: 1, max: 1_000_000 }),
    shard,
    ...(options.baseline === undefined ? {} : { baseline: options.baseline }),
    ...(options.today === undefined ? {} : { today: options.today }),
    timeLimitMs: options.timeLimitMs,
    maxResponseTimeMs: options.maxResponseTimeMs,
  };
}

/** The requests `fuzzProvider` would send with these options, placeholders unbound (what `--dry-run` prints). */
export function planFuzzRequests(options: FuzzOptions): FuzzRequest[] {
  return [...iterateFuzzRequests(options).requests];
}

/** The same, drawn one at a time (a dry run of a million requests prints them without holding them), with their count. */
export function iterateFuzzRequests(options: FuzzOptions): { planned: number; requests: Iterable<FuzzRequest> } {
  const resolved = resolveFuzzOptions(options);
  const planOptions = { seed: resolved.seed, maxRequests: resolved.maxRequests, shard: resolved.shard };
  return { planned: planSize(planOptions).planned, requests: iterateRequests(planOptions) };
}

/** The run's requests, drawn lazily, and their count and floor (discovery and boundary phases). */
interface Plan {
  requests: Iterator<FuzzRequest>;
  planned: number;
  floor: number;
}

/** One failure while it is being collected. */
interface Collected {
  hit: ProviderFinding & { cause: string };
  operationId: OperationId;
  hits: number;
  first: FuzzRequest;
  outcome: FuzzOutcome;
}

/**
 * The engine's findings of one exchange, one per check, cause and severity (a list with a thousand
 * records of one broken field is one hit); warnings escalated under --strict.
 */
function hitsOf(
  request: FuzzRequest,
  outcome: FuzzOutcome,
  settings: CheckSettings,
  strict: boolean,
): Array<ProviderFinding & { cause: string }> {
  const hits = new Map<string, ProviderFinding & { cause: string }>();
  for (const finding of judgeExchange(request, outcome, settings)) {
    const severity = strict ? "error" : finding.severity;
    const cause = causeOf(finding);
    const key = `${finding.check}|${severity}|${cause}`;
    if (!hits.has(key)) hits.set(key, { ...finding, severity, cause });
  }
  return [...hits.values()];
}

/** The human evaluation ids in a list answer, in order (none when it is not a list of records). */
export function listedIds(outcome: FuzzOutcome | undefined): string[] {
  if (outcome === undefined || "fault" in outcome || outcome.answer.status !== 200) return [];
  try {
    const body = JSON.parse(outcome.answer.text) as unknown;
    if (!Array.isArray(body)) return [];
    return recordIds(body);
  } catch {
    return [];
  }
}

export async function fuzzProvider(options: FuzzOptions): Promise<FuzzReport> {
  const run = resolveFuzzOptions(options);
  const startedAt = new Date();
  const started = performance.now();
  // Drawn as it is sent: memory stays bounded whatever --max-requests is.
  const planOptions = { seed: run.seed, maxRequests: run.maxRequests, shard: run.shard };
  const plan: Plan = { requests: iterateRequests(planOptions), ...planSize(planOptions) };
  const client = createHttpClient({
    baseUrl: run.baseUrl,
    timeoutMs: run.timeoutMs,
    maxResponseBytes: run.maxResponseBytes,
    maxSockets: run.concurrency,
    tool: "fuzz",
  });
  try {
    return await fuzzWith(client, run, plan, startedAt, started, options.onProgress);
  } finally {
    client.close();
  }
}

async function fuzzWith(
  client: HttpClient,
  run: ReturnType<typeof resolveFuzzOptions>,
  plan: Plan,
  startedAt: Date,
  started: number,
  onProgress: FuzzOptions["onProgress"],
): Promise<FuzzReport> {
  const notes: string[] = [];
  // One executor: the run's concurrency, its time limit, and the coverage observations of every answer.
  const executor: Executor = createExecutor({
    concurrency: run.concurrency,
    ...(run.timeLimitMs === undefined ? {} : { deadline: started + run.timeLimitMs }),
    source: "fuzz",
  });
  const send = (request: FuzzRequest): Promise<FuzzOutcome> =>
    client.send({
      method: request.method,
      target: targetOf(request),
      headers: [...run.headers, ...request.headers],
      body: request.body,
    });

  // Discovery: the app's lists, whose records the by-id requests use (the plan's first requests).
  const discovery: FuzzRequest[] = [];
  let lookahead = plan.requests.next();
  while (!lookahead.done && lookahead.value.phase === "discovery") {
    discovery.push(lookahead.value);
    lookahead = plan.requests.next();
  }
  /** The next request of the plan after discovery, or undefined when it is drawn out. */
  const draw = (): FuzzRequest | undefined => {
    if (lookahead.done) return undefined;
    const request = lookahead.value;
    lookahead = plan.requests.next();
    return request;
  };
  const outcomes = new Map<FuzzRequest, FuzzOutcome>();
  const placeholder: Bindings = { app: run.appId, record: run.appId };
  for (const request of discovery) {
    const bound = bindRequest(request, placeholder);
    const outcome = await send(bound);
    if ("fault" in outcome && (outcome.fault.kind === "refused" || outcome.fault.kind === "unreachable" || outcome.fault.kind === "other"))
      throw new ToolkitError(
        "E_PROVIDER_UNREACHABLE",
        redactUrlSecrets(`cannot reach the provider at ${run.baseUrl}: ${outcome.fault.message} (${bound.method} ${targetOf(bound)})`),
      );
    outcomes.set(request, outcome);
  }
  const humanList = discovery.find((r) => r.operationId === "listHumanEvaluations");
  const ids = listedIds(humanList === undefined ? undefined : outcomes.get(humanList));
  const record = ids[0] ?? "000000000000000000000000";
  if (ids.length === 0)
    notes.push(
      `the app ${run.appId} has no human evaluations on the provider: the requests built on one of its records use the unknown id ${record}`,
    );
  const bindings: Bindings = { app: run.appId, record };
  const settings: CheckSettings = {
    baseUrl: run.baseUrl,
    compat: run.compat,
    appId: run.appId,
    knownIds: new Set(ids),
    maxResponseBytes: run.maxResponseBytes,
    ...(run.maxResponseTimeMs === undefined ? {} : { maxResponseTimeMs: run.maxResponseTimeMs }),
  };

  const collected = new Map<string, Collected>();
  const causesPerSlot = new Map<string, Set<string>>();
  const looked = new Map<string, number>();
  // The GETs' answers as coverage observations, folded as they come by the executor (a long run stays a few hundred lines).
  const noteObservation = (request: FuzzRequest, outcome: FuzzOutcome): void => {
    if ("fault" in outcome || request.method !== "GET") return;
    let body: unknown;
    if (outcome.answer.status === 200)
      try {
        body = JSON.parse(outcome.answer.text) as unknown;
      } catch {
        body = undefined;
      }
    executor.observe(request, outcome, body);
  };
  const collect = (request: FuzzRequest, outcome: FuzzOutcome): void => {
    noteObservation(request, outcome);
    for (const check of FUZZ_CHECKS)
      looked.set(`${check}|${request.operationId}`, (looked.get(`${check}|${request.operationId}`) ?? 0) + 1);
    for (const hit of hitsOf(request, outcome, settings, run.strict)) {
      const slot = `${hit.check}|${request.operationId}|${hit.severity}`;
      let causes = causesPerSlot.get(slot);
      if (causes === undefined) causesPerSlot.set(slot, (causes = new Set()));
      if (!causes.has(hit.cause) && causes.size >= MAX_CAUSES) hit.cause = "(more causes)";
      causes.add(hit.cause);
      const key = `${slot}|${hit.cause}`;
      const known = collected.get(key);
      if (known === undefined) collected.set(key, { hit, operationId: request.operationId, hits: 1, first: request, outcome });
      else {
        known.hits++;
        // The plan's earliest request is the failure's original, whichever answer came first: the same
        // seed gives the same report however the provider's timing varies.
        if (request.index < known.first.index) Object.assign(known, { hit, first: request, outcome });
      }
    }
  };

  let sent = 0;
  let stoppedBy = "done" as FuzzReport["stoppedBy"];
  for (const request of discovery) {
    collect(bindRequest(request, bindings), outcomes.get(request)!);
    sent++;
  }
  let refusedInARow = 0;
  let silentInARow = 0;
  // The executor draws the plan `concurrency` requests at a time, until it is drawn out, the time
  // limit passes, or the provider is gone.
  const handle = async (next: FuzzRequest): Promise<void> => {
    const bound = bindRequest(next, bindings);
    const outcome = await send(bound);
    sent++;
    refusedInARow = "fault" in outcome && outcome.fault.kind === "refused" ? refusedInARow + 1 : 0;
    // A provider that takes connections and never answers: no answer at all, request after request.
    silentInARow = "fault" in outcome && outcome.fault.kind === "timeout" && outcome.fault.answered !== true ? silentInARow + 1 : 0;
    if (refusedInARow >= GONE_AFTER && stoppedBy === "done") {
      stoppedBy = "provider-gone";
      notes.push(`the provider refused ${GONE_AFTER} connections in a row after ${sent} requests (it may have crashed): the run stopped`);
    }
    if (silentInARow >= GONE_AFTER && stoppedBy === "done") {
      stoppedBy = "provider-gone";
      notes.push(
        `the provider answered none of ${GONE_AFTER} requests in a row within --timeout (${run.timeoutMs} ms) after ${sent} requests: it takes connections but does not answer; the run stopped`,
      );
    }
    collect(bound, outcome);
    onProgress?.(sent, plan.planned);
  };
  const end = await executor.pump(draw, handle, () => stoppedBy !== "done");
  if (end === "time-limit") stoppedBy = "time-limit";
  if (stoppedBy === "time-limit") notes.push(`the time limit ended the run after ${sent} of ${plan.planned} requests`);
  // Too few requests sent to vouch for the provider: not a PASS (docs/fuzz.md, "A floor").
  const belowFloor = sent < plan.floor;
  if (belowFloor)
    notes.push(
      `only ${sent} of the ${plan.floor} requests of the discovery and boundary phases were sent: too few to call it a pass (${
        plan.planned < plan.floor
          ? `--max-requests ${run.maxRequests} stops inside them: give it at least ${planSize({ seed: run.seed, maxRequests: run.maxRequests }).floor}`
          : "give it more --time-limit"
      })`,
    );

  // Shrinking: errors first, each within its budget; a provider that is gone is not asked again.
  let shrinkRequests = 0;
  const failures: FuzzFailure[] = [];
  const ordered = [...collected.values()].sort(
    (a, b) =>
      Number(a.hit.severity === "warning") - Number(b.hit.severity === "warning") ||
      a.first.index - b.first.index ||
      a.hit.cause.localeCompare(b.hit.cause),
  );
  let shrunk = 0;
  for (const entry of ordered) {
    let request = entry.first;
    let outcome = entry.outcome;
    if (
      entry.hit.severity === "error" &&
      stoppedBy !== "provider-gone" &&
      shrunk < MAX_SHRUNK &&
      entry.hit.cause !== "(more causes)" &&
      entry.hit.check !== "response-time" &&
      // A timeout is not shrunk: every try would cost a whole --timeout.
      !(entry.hit.check === "transport" && entry.hit.cause === "timeout") &&
      !executor.expired()
    ) {
      shrunk++;
      const sameFault = (candidate: FuzzOutcome, candidateRequest: FuzzRequest): boolean =>
        hitsOf(candidateRequest, candidate, settings, run.strict).some(
          (h) => h.check === entry.hit.check && h.cause === entry.hit.cause && h.severity === entry.hit.severity,
        );
      const result = await shrinkRequest(entry.first, {
        budget: SHRINK_BUDGET,
        stillFails: async (candidate) => {
          // The time limit holds for shrinking too: past it, nothing more is sent.
          if (executor.expired()) return false;
          const answer = await send(candidate);
          if (!sameFault(answer, candidate)) return false;
          outcome = answer;
          return true;
        },
      });
      shrinkRequests += result.tried;
      request = result.request;
    }
    failures.push(toFailure(entry, request, outcome, run));
  }

  const based =
    run.baseline === undefined
      ? undefined
      : applyBaseline(failures.map(failureFinding), run.baseline, run.today ?? startedAt.toISOString().slice(0, 10));
  based?.findings.forEach((finding, i) => {
    if (finding.known === true) failures[i]!.known = true;
  });
  const checks = summarize(failures, looked);
  const errors = failures.filter((f) => f.severity === "error" && f.known !== true).length;
  const warnings = failures.filter((f) => f.severity === "warning" && f.known !== true).length;
  const known = failures.length - errors - warnings;
  return {
    tool: "fuzz",
    // Credentials never reach a report (its JSON is a CI artefact): the user and password are redacted.
    baseUrl: redactUrlSecrets(run.baseUrl),
    appId: run.appId,
    seed: run.seed,
    ...(run.shard === undefined ? {} : { shard: run.shard }),
    strict: run.strict,
    compat: run.compat,
    ...(run.maxResponseTimeMs === undefined ? {} : { maxResponseTimeMs: run.maxResponseTimeMs }),
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    planned: plan.planned,
    sent,
    shrinkRequests,
    stoppedBy,
    verdict: errors > 0 ? "fail" : belowFloor ? "partial" : "pass",
    passed: errors === 0 && !belowFloor,
    notes,
    counts: { errors, warnings, known },
    ...(based === undefined ? {} : { baseline: { known: based.counts.known, stale: based.stale, expired: based.expired } }),
    checks,
    failures,
    observations: executor.observations(),
  };
}

/** A failure as the engine's one finding type (the key a baseline lists it under). */
export const failureFinding = (failure: FuzzFailure): ProviderFinding => ({ ...failure, request: requestLine(failure.request) });

function toFailure(entry: Collected, request: FuzzRequest, outcome: FuzzOutcome, run: Resolved): FuzzFailure {
  const { check, severity, rule, path, message, cause } = entry.hit;
  const failure: FuzzFailure = {
    check: check as FuzzCheckName,
    severity,
    operation: entry.operationId,
    operationId: entry.operationId,
    path,
    rule,
    cause,
    message,
    hits: entry.hits,
    request,
    original: entry.first,
    firstLine: "fault" in outcome ? outcome.fault.message : firstLine(outcome.answer.text),
    curl: curlCommand(run.baseUrl, request, run.headers),
  };
  if (!("fault" in outcome)) failure.status = outcome.answer.status;
  return failure;
}

/** `GET /evaluations?app_id={app_id}`: the operation's endpoint label, as verify's report names it. */
export function endpointOf(operationId: OperationId): string {
  const spec = OPERATIONS[operationId];
  return operationId === "getHumanEvaluation" ? `GET ${spec.path}` : `GET ${spec.path}?app_id={app_id}`;
}

export function summarize(failures: readonly FuzzFailure[], looked: ReadonlyMap<string, number>): FuzzCheckSummary[] {
  const summaries: FuzzCheckSummary[] = [];
  for (const operationId of OPERATION_IDS)
    for (const check of FUZZ_CHECKS) {
      const mine = failures.filter((f) => f.check === check && f.operationId === operationId);
      const outcome = mine.some((f) => f.severity === "error" && f.known !== true) ? "failed" : mine.length > 0 ? "warned" : "passed";
      summaries.push({
        check: check as FuzzCheckName,
        operationId,
        endpoint: endpointOf(operationId),
        outcome,
        requests: looked.get(`${check}|${operationId}`) ?? 0,
        failures: mine,
      });
    }
  return summaries;
}

// `fuzz --replay REPORT.json`: sends again, exactly, the shrunk request of every failure of an
// earlier fuzz report (its JSON, schemas/report.json: each finding's `sent`), judges each answer
// with the same checks, and says which still fail the same way (same check, same cause), which fail
// another way, which are fixed, and which could not be replayed. Nothing is planned or shrunk: a CI
// job reruns yesterday's failures in seconds. Only what fuzz itself sends is sent
// (replayable-request.ts), within --max-requests and --time-limit; a request that did not reach the
// provider is never "fixed", and a provider that refuses the first one cannot be reached (exit 2).
import { isOperationId, type OperationId } from "../contract/operations.js";
import { ToolkitError } from "../errors.js";
import { plural } from "../check/format-findings.js";
import { firstLine, type CheckSettings } from "../engine/checks/index.js";
import { createHttpClient } from "../engine/http-client.js";
import { judgeExchange } from "../engine/judge.js";
import { causeOf, type ProviderFinding } from "../engine/finding.js";
import { requestLine, targetOf } from "../engine/request.js";
import { isPlainObject } from "../types/json.js";
import { redactUrlSecrets } from "../io/redact.js";
import { curlCommand } from "./curl.js";
import { GONE_AFTER, listedIds, resolveFuzzOptions, summarize, type FuzzOptions } from "./fuzz-provider.js";
import { bindRequest, discoveryRequests } from "./plan.js";
import { unreplayable } from "./replayable-request.js";
import type { FuzzCheckName, FuzzFailure, FuzzOutcome, FuzzReport, FuzzRequest } from "./types.js";
import { CHECK_NAMES } from "../engine/checks/index.js";

/** One failure of the earlier report: what it was, and the request that showed it. */
export interface ReplayCase {
  check: FuzzCheckName;
  /** Its severity in the earlier report. */
  severity: "error" | "warning";
  operationId: OperationId;
  cause: string;
  request: FuzzRequest;
}

const bad = (source: string, why: string): ToolkitError =>
  new ToolkitError("E_USAGE", `--replay ${source}: ${why} (give the JSON report of a fuzz run: fuzz --json FILE)`);

const isPairList = (value: unknown, nullable: boolean): value is Array<[string, string | null]> =>
  Array.isArray(value) &&
  value.every(
    (pair) =>
      Array.isArray(pair) &&
      pair.length === 2 &&
      typeof pair[0] === "string" &&
      (typeof pair[1] === "string" || (nullable && pair[1] === null)),
  );

/** The failures of a fuzz report's JSON, each with the request to send again; a usage error naming the first fault. */
export function replayCases(report: unknown, source: string): ReplayCase[] {
  if (!isPlainObject(report) || report.tool !== "fuzz") throw bad(source, 'not a fuzz report (no "tool": "fuzz")');
  if (!Array.isArray(report.findings)) throw bad(source, 'no "findings" array');
  const cases: ReplayCase[] = [];
  report.findings.forEach((finding: unknown, i) => {
    const at = `findings[${i}]`;
    if (!isPlainObject(finding)) throw bad(source, `${at} is not an object`);
    if (finding.known === true) return;
    const { check, operation, cause, sent, severity } = finding;
    if (typeof check !== "string" || !(CHECK_NAMES as readonly string[]).includes(check))
      throw bad(source, `${at}.check is not a fuzz check`);
    if (typeof operation !== "string" || !isOperationId(operation)) throw bad(source, `${at}.operation is not an operation`);
    if (typeof cause !== "string") throw bad(source, `${at}.cause is missing`);
    if (severity !== "error" && severity !== "warning") throw bad(source, `${at}.severity is neither "error" nor "warning"`);
    if (!isPlainObject(sent)) throw bad(source, `${at}.sent is missing: no request to send again`);
    const { method, path, query, headers, body } = sent;
    if (typeof method !== "string" || !/^[A-Z]+$/.test(method)) throw bad(source, `${at}.sent.method is not an HTTP method`);
    if (typeof path !== "string" || !path.startsWith("/")) throw bad(source, `${at}.sent.path does not start with /`);
    if (!isPairList(query, true)) throw bad(source, `${at}.sent.query is not a list of [name, value] pairs`);
    if (!isPairList(headers, false)) throw bad(source, `${at}.sent.headers is not a list of [name, value] pairs`);
    if (body !== undefined && typeof body !== "string") throw bad(source, `${at}.sent.body is not a string`);
    const refused = unreplayable({ method, path, query, headers: headers as Array<[string, string]>, body }, operation);
    if (refused !== undefined) throw bad(source, `${at}.sent: ${refused}: not a request fuzz sends, so not one it replays`);
    cases.push({
      check: check as FuzzCheckName,
      severity,
      operationId: operation,
      cause,
      request: {
        index: i,
        phase: "boundary",
        operationId: operation,
        method,
        path,
        query,
        headers: headers as Array<[string, string]>,
        ...(body === undefined ? {} : { body }),
        label: `replay of ${check} (${cause})`,
      },
    });
  });
  return cases;
}

export interface ReplayOptions extends Omit<FuzzOptions, "seed" | "shard" | "onProgress"> {
  /** The earlier run's failures (replayCases of its JSON report). */
  cases: readonly ReplayCase[];
  /** Where they came from, for the report's notes. */
  source: string;
  /** Most requests sent (default: DEFAULT_MAX_REQUESTS); the cases past it are not replayed. */
  maxRequests?: number;
  /** No request is sent after this long; the one in flight ends within its --timeout. */
  timeLimitMs?: number;
}

/** What became of one case. */
type Result = "same" | "otherwise" | "fixed" | "unsent";

/** A fault that means the request never reached the provider: nothing was judged. */
const unsent = (outcome: FuzzOutcome): boolean =>
  "fault" in outcome && (outcome.fault.kind === "refused" || outcome.fault.kind === "unreachable" || outcome.fault.kind === "other");

/** Why the listing gave no ids to judge by (its status, or its fault), or undefined when it answered 200 with a JSON array. */
function unlisted(listed: FuzzOutcome): string | undefined {
  if ("fault" in listed) return listed.fault.message;
  if (listed.answer.status !== 200) return `it answered ${listed.answer.status}`;
  try {
    if (Array.isArray(JSON.parse(listed.answer.text))) return undefined;
  } catch {
    // Not JSON.
  }
  return "it answered 200 without a JSON array";
}

/** A count as the notes write it: `5,000`. */
const n = (count: number): string => count.toLocaleString("en-US");

/** A value from the file, cut for a note (the whole is in --json). */
const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 160)}...(${text.length} chars)` : text);

/** `2 errors, 1 warning`: counted apart. */
const bySeverity = (severities: ReadonlyArray<"error" | "warning">): string => {
  const errors = severities.filter((s) => s === "error").length;
  return severities.length === 0 ? "" : ` (${plural(errors, "error")}, ${plural(severities.length - errors, "warning")})`;
};

/**
 * Sends each case's request once, in order, and reports the failures that are still there (the same,
 * or another error on the same request); the fixed ones and those not replayed are notes. A case not
 * replayed (the time limit, --max-requests, a provider gone) makes the run INCOMPLETE unless something
 * still fails. First the app's human evaluations are listed, as fuzz's discovery does (a provider
 * that refuses it is `E_PROVIDER_UNREACHABLE`); --max-requests counts the replayed requests only.
 */
export async function replayFailures(options: ReplayOptions): Promise<FuzzReport> {
  const run = resolveFuzzOptions({ ...options, seed: 0 });
  // Cases built by hand, not read by replayCases, are held to the same rule before anything is sent.
  options.cases.forEach((replayed, i) => {
    const refused = unreplayable(replayed.request, replayed.operationId);
    if (refused !== undefined)
      throw new ToolkitError("E_USAGE", `replayFailures: cases[${i}].request: ${refused}: not a request fuzz sends`);
  });
  const startedAt = new Date();
  const started = performance.now();
  const deadline = run.timeLimitMs === undefined ? Infinity : started + run.timeLimitMs;
  const client = createHttpClient({
    baseUrl: run.baseUrl,
    timeoutMs: run.timeoutMs,
    maxResponseBytes: run.maxResponseBytes,
    maxSockets: 1,
    tool: "replay",
  });
  const send = (request: Omit<FuzzRequest, "index" | "phase">): Promise<FuzzOutcome> =>
    client.send({
      method: request.method,
      target: targetOf(request),
      headers: [...run.headers, ...request.headers],
      ...(request.body === undefined ? {} : { body: request.body }),
    });
  // The app's records, as fuzz's discovery finds them: a 404 for one of them is a missing route, not
  // an unknown id (the status check), so judged without them a still-broken provider looked fixed.
  // Refused, it is the provider that cannot be reached (as fuzz's discovery says it).
  const list = bindRequest(
    discoveryRequests().find((r) => r.operationId === "listHumanEvaluations")!,
    {
      app: run.appId,
      record: run.appId,
    },
  );
  // Sent even when there is nothing to replay: a report without failures against a provider that is
  // down was a PASS.
  const listed = await send(list);
  if ("fault" in listed && unsent(listed)) {
    client.close();
    throw new ToolkitError(
      "E_PROVIDER_UNREACHABLE",
      redactUrlSecrets(`cannot reach the provider at ${run.baseUrl}: ${listed.fault.message} (${list.method} ${targetOf(list)})`),
    );
  }
  // An answer for an id is judged against the app's listed ids: without them, a 404 for one of its
  // own records looked right, and a still-broken provider whose listing failed was "fixed".
  const listingFault = unlisted(listed);
  const settings: CheckSettings = {
    baseUrl: run.baseUrl,
    compat: run.compat,
    appId: run.appId,
    knownIds: new Set(listedIds(listed)),
    maxResponseBytes: run.maxResponseBytes,
    ...(run.maxResponseTimeMs === undefined ? {} : { maxResponseTimeMs: run.maxResponseTimeMs }),
  };
  const failures: FuzzFailure[] = [];
  const fixedNotes: string[] = [];
  const results: Result[] = [];
  const notes: string[] = [];
  const looked = new Map<string, number>();
  let stoppedBy: FuzzReport["stoppedBy"] = "done";
  let stopReason = "";
  let attempted = 0;
  let unbounded = 0;
  let unlistedCases = 0;
  let refusedInARow = 0;
  let silentInARow = 0;
  const failureOf = (replayed: ReplayCase, finding: ProviderFinding, cause: string, outcome: FuzzOutcome): FuzzFailure => {
    const request = replayed.request;
    const failure: FuzzFailure = {
      check: finding.check as FuzzCheckName,
      severity: run.strict ? "error" : finding.severity,
      operation: replayed.operationId,
      operationId: replayed.operationId,
      path: finding.path,
      rule: finding.rule,
      cause,
      message: finding.message,
      hits: 1,
      request,
      original: request,
      firstLine: "fault" in outcome ? outcome.fault.message : firstLine(outcome.answer.text),
      curl: curlCommand(run.baseUrl, request, run.headers),
    };
    if ("answer" in outcome) failure.status = outcome.answer.status;
    return failure;
  };
  try {
    for (const replayed of options.cases) {
      if (attempted >= run.maxRequests) {
        stopReason = `--max-requests ${run.maxRequests}`;
        break;
      }
      if (performance.now() >= deadline) {
        stoppedBy = "time-limit";
        stopReason = "the time limit";
        break;
      }
      if (stoppedBy === "provider-gone") break;
      const request = replayed.request;
      const what = `${replayed.check} on ${replayed.operationId} (${clip(replayed.cause)}): ${clip(requestLine(request))}`;
      // Judged only against a bound: without one, any answer would look fixed.
      if (replayed.check === "response-time" && run.maxResponseTimeMs === undefined) {
        results.push("unsent");
        // One note for them all: a report may hold thousands.
        if (unbounded++ === 0) notes.push(`not replayed: ${what}: a response-time failure is judged only with --max-response-time`);
        continue;
      }
      for (const check of CHECK_NAMES)
        looked.set(`${check}|${request.operationId}`, (looked.get(`${check}|${request.operationId}`) ?? 0) + 1);
      attempted++;
      const outcome = await send(request);
      if (unsent(outcome)) {
        const fault = "fault" in outcome ? outcome.fault : undefined;
        results.push("unsent");
        notes.push(`not replayed: ${what} did not reach the provider: ${fault?.message ?? ""}`);
        refusedInARow = fault?.kind === "refused" ? refusedInARow + 1 : 0;
        if (refusedInARow >= GONE_AFTER) {
          stoppedBy = "provider-gone";
          stopReason = `the provider refusing ${GONE_AFTER} connections in a row`;
        }
        continue;
      }
      refusedInARow = 0;
      silentInARow = "fault" in outcome && outcome.fault.kind === "timeout" && outcome.fault.answered !== true ? silentInARow + 1 : 0;
      if (silentInARow >= GONE_AFTER) {
        stoppedBy = "provider-gone";
        stopReason = `the provider answering none of ${GONE_AFTER} requests in a row within --timeout (${run.timeoutMs} ms)`;
      }
      const findings = judgeExchange(request, outcome, settings);
      const same = findings.find((f) => f.check === replayed.check && causeOf(f) === replayed.cause);
      // A status failure for an id (and under --compat legacy a server error, excused for an unknown id
      // only) is judged against the app's ids: without them (the listing failed) a 404 or the spec-era 500
      // for one of its own records looks right, so it is not judged, never "fixed".
      if (
        same === undefined &&
        listingFault !== undefined &&
        (replayed.check === "status" || (replayed.check === "server-error" && run.compat === "legacy")) &&
        replayed.operationId === "getHumanEvaluation" &&
        !findings.some((f) => f.check !== "status" && (f.severity === "error" || run.strict))
      ) {
        results.push("unsent");
        if (unlistedCases++ === 0)
          notes.push(
            `not judged: ${what}: the app's human evaluations could not be listed (${listingFault}), so an answer for an id cannot be`,
          );
        continue;
      }
      if (same !== undefined) {
        results.push("same");
        failures.push(failureOf(replayed, same, replayed.cause, outcome));
        continue;
      }
      // Not the same failure, but an error on the same request is no fix.
      const other = findings.find((f) => f.severity === "error" || run.strict);
      if (other !== undefined) {
        results.push("otherwise");
        failures.push(failureOf(replayed, other, causeOf(other), outcome));
        notes.push(`fails another way: ${what} now fails ${other.check} (${clip(causeOf(other))})`);
        continue;
      }
      results.push("fixed");
      const answered = "answer" in outcome ? `answers ${outcome.answer.status}` : `fails: ${outcome.fault.message}`;
      fixedNotes.push(`fixed: ${what} now ${answered}`);
    }
  } finally {
    client.close();
  }
  const count = (result: Result): number => results.filter((r) => r === result).length;
  const severities = (result: Result): Array<"error" | "warning"> =>
    options.cases.flatMap((c, i) => (results[i] === result ? [c.severity] : []));
  const notReplayed = options.cases.length - results.length + count("unsent");
  const errors = failures.filter((f) => f.severity === "error").length;
  const warnings = failures.length - errors;
  const parts = [
    `${n(count("same"))} still fail${count("same") === 1 ? "s" : ""} the same way${bySeverity(severities("same"))}`,
    ...(count("otherwise") > 0 ? [`${n(count("otherwise"))} fail${count("otherwise") === 1 ? "s" : ""} another way`] : []),
    `${n(count("fixed"))} fixed${bySeverity(severities("fixed"))}`,
    ...(notReplayed > 0
      ? [
          `${n(notReplayed)} not replayed${
            results.length < options.cases.length ? ` (${n(options.cases.length - results.length)} left by ${stopReason})` : ""
          }`,
        ]
      : []),
  ];
  notes.unshift(
    `replayed ${n(results.length - count("unsent"))} of the ${plural(options.cases.length, "failure")} of ${options.source}${bySeverity(
      options.cases.map((c) => c.severity),
    )}: ${parts.join(", ")}`,
  );
  if (unlistedCases > 1) notes.push(`not judged: ${n(unlistedCases)} failures of getHumanEvaluation in all, for want of the app's listing`);
  if (unbounded > 1) notes.push(`not replayed: ${n(unbounded)} response-time failures in all, for want of --max-response-time`);
  notes.push(...fixedNotes);
  return {
    tool: "fuzz",
    baseUrl: redactUrlSecrets(run.baseUrl),
    appId: run.appId,
    seed: 0,
    strict: run.strict,
    compat: run.compat,
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    planned: options.cases.length,
    sent: client.sent,
    shrinkRequests: 0,
    stoppedBy,
    verdict: errors > 0 ? "fail" : notReplayed > 0 ? "partial" : "pass",
    passed: errors === 0 && notReplayed === 0,
    notes,
    counts: { errors, warnings, known: 0 },
    replay: { source: options.source, cases: options.cases.length, notReplayed },
    checks: summarize(failures, looked),
    failures,
    observations: [],
  };
}

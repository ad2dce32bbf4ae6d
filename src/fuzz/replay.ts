// `fuzz --replay REPORT.json`: sends again, exactly, the shrunk request of every failure of an
// earlier fuzz report (its JSON, schemas/report.json: each finding's `sent`), judges each answer
// with the same checks, and says which still fail the same way (same check, same cause) and which
// are fixed. Nothing is planned or shrunk: a CI job reruns yesterday's failures in seconds.
import { isOperationId, type OperationId } from "../contract/operations.js";
import { ToolkitError } from "../errors.js";
import { firstLine, type CheckSettings } from "../engine/checks/index.js";
import { createHttpClient } from "../engine/http-client.js";
import { judgeExchange } from "../engine/judge.js";
import { causeOf } from "../engine/finding.js";
import { requestLine, targetOf } from "../engine/request.js";
import { isPlainObject } from "../types/json.js";
import { redactUrlSecrets } from "../io/redact.js";
import { curlCommand } from "./curl.js";
import { resolveFuzzOptions, summarize, type FuzzOptions } from "./fuzz-provider.js";
import type { FuzzCheckName, FuzzFailure, FuzzReport, FuzzRequest } from "./types.js";
import { CHECK_NAMES } from "../engine/checks/index.js";

/** One failure of the earlier report: what it was, and the request that showed it. */
export interface ReplayCase {
  check: FuzzCheckName;
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
    const { check, operation, cause, sent } = finding;
    if (typeof check !== "string" || !(CHECK_NAMES as readonly string[]).includes(check))
      throw bad(source, `${at}.check is not a fuzz check`);
    if (typeof operation !== "string" || !isOperationId(operation)) throw bad(source, `${at}.operation is not an operation`);
    if (typeof cause !== "string") throw bad(source, `${at}.cause is missing`);
    if (!isPlainObject(sent)) throw bad(source, `${at}.sent is missing: no request to send again`);
    const { method, path, query, headers, body } = sent;
    if (typeof method !== "string" || !/^[A-Z]+$/.test(method)) throw bad(source, `${at}.sent.method is not an HTTP method`);
    if (typeof path !== "string" || !path.startsWith("/")) throw bad(source, `${at}.sent.path does not start with /`);
    if (!isPairList(query, true)) throw bad(source, `${at}.sent.query is not a list of [name, value] pairs`);
    if (!isPairList(headers, false)) throw bad(source, `${at}.sent.headers is not a list of [name, value] pairs`);
    if (body !== undefined && typeof body !== "string") throw bad(source, `${at}.sent.body is not a string`);
    cases.push({
      check: check as FuzzCheckName,
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

export interface ReplayOptions extends Omit<FuzzOptions, "seed" | "maxRequests" | "shard" | "timeLimitMs" | "onProgress"> {
  /** The earlier run's failures (replayCases of its JSON report). */
  cases: readonly ReplayCase[];
  /** Where they came from, for the report's notes. */
  source: string;
}

/** Sends each case's request once, in order, and reports the failures that are still there; the fixed ones are notes. */
export async function replayFailures(options: ReplayOptions): Promise<FuzzReport> {
  const run = resolveFuzzOptions({ ...options, seed: 0 });
  const startedAt = new Date();
  const started = performance.now();
  const client = createHttpClient({
    baseUrl: run.baseUrl,
    timeoutMs: run.timeoutMs,
    maxResponseBytes: run.maxResponseBytes,
    maxSockets: 1,
  });
  const settings: CheckSettings = {
    baseUrl: run.baseUrl,
    compat: run.compat,
    appId: run.appId,
    maxResponseBytes: run.maxResponseBytes,
    ...(run.maxResponseTimeMs === undefined ? {} : { maxResponseTimeMs: run.maxResponseTimeMs }),
  };
  const failures: FuzzFailure[] = [];
  const notes: string[] = [];
  const looked = new Map<string, number>();
  try {
    for (const replayed of options.cases) {
      const request = replayed.request;
      for (const check of CHECK_NAMES)
        looked.set(`${check}|${request.operationId}`, (looked.get(`${check}|${request.operationId}`) ?? 0) + 1);
      const outcome = await client.send({
        method: request.method,
        target: targetOf(request),
        headers: [...run.headers, ...request.headers],
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      const same = judgeExchange(request, outcome, settings).find((f) => f.check === replayed.check && causeOf(f) === replayed.cause);
      const answered = "answer" in outcome ? `answers ${outcome.answer.status}` : `fails: ${outcome.fault.message}`;
      if (same === undefined) {
        notes.push(`fixed: ${replayed.check} on ${replayed.operationId} (${replayed.cause}): ${requestLine(request)} now ${answered}`);
        continue;
      }
      const severity = run.strict ? "error" : same.severity;
      const failure: FuzzFailure = {
        check: replayed.check,
        severity,
        operation: replayed.operationId,
        operationId: replayed.operationId,
        path: same.path,
        rule: same.rule,
        cause: replayed.cause,
        message: same.message,
        hits: 1,
        request,
        original: request,
        firstLine: "fault" in outcome ? outcome.fault.message : firstLine(outcome.answer.text),
        curl: curlCommand(run.baseUrl, request, run.headers),
      };
      if ("answer" in outcome) failure.status = outcome.answer.status;
      failures.push(failure);
    }
  } finally {
    client.close();
  }
  const errors = failures.filter((f) => f.severity === "error").length;
  notes.unshift(
    `replayed the ${options.cases.length} failing request(s) of ${options.source}: ${failures.length} still fail the same way, ${options.cases.length - failures.length} fixed`,
  );
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
    stoppedBy: "done",
    verdict: errors > 0 ? "fail" : "pass",
    passed: errors === 0,
    notes,
    counts: { errors, warnings: failures.length - errors, known: 0 },
    checks: summarize(failures, looked),
    failures,
    observations: [],
  };
}

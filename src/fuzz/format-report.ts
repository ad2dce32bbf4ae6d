// The fuzz report for people: by endpoint, like verify's, each failing or warning check followed by
// its failures (one per cause, with how many requests hit it), each with its shrunk request, the
// answer's status and first line, and the curl line that reproduces it; then the summary and verdict.
import { plural } from "../check/format-findings.js";
import { escapeControl } from "../check/escape-control.js";
import { redactUrlSecrets } from "../io/redact.js";
import { groupedFindingLines, groupFindings } from "../verify/format-report.js";
import { targetOf } from "./plan.js";
import type { FuzzCheckSummary, FuzzFailure, FuzzReport, FuzzRequest } from "./types.js";

/** Longer reproducers stay in --json and --html: a 10 KB line helps no one in a terminal. */
const MAX_CURL_SHOWN = 2000;

const MARK: Record<FuzzCheckSummary["outcome"], string> = { passed: "ok  ", warned: "warn", failed: "FAIL" };

/** `GET /human-evaluations/zz` (long targets cut in the middle: the curl line has the whole request). */
export function requestLine(request: Pick<FuzzRequest, "method" | "path" | "query" | "headers">): string {
  const target = targetOf(request);
  const shown = target.length > 160 ? `${target.slice(0, 120)}...${target.slice(-20)} (${target.length} chars)` : target;
  const headers = request.headers
    .filter(([name, value]) => name !== "content-type" && !(name === "accept" && value === "application/json"))
    .map(([name, value]) => ` [${name}: ${value.length > 40 ? `${value.slice(0, 37)}...` : value}]`);
  return escapeControl(`${request.method} ${shown}${headers.join("")}`);
}

export function failureLines(failure: FuzzFailure): string[] {
  const status = failure.status === undefined ? "no answer" : String(failure.status);
  const shrunk =
    targetOf(failure.request).length < targetOf(failure.original).length || failure.request.query.length < failure.original.query.length;
  const lines = [
    `${failure.severity === "error" ? "error" : "warning"}: ${failure.message}`,
    `  ${plural(failure.hits, "request")} (first: ${failure.original.label})${shrunk ? `; shrunk from ${targetOf(failure.original).length} to ${targetOf(failure.request).length} characters` : ""}`,
    `  request: ${requestLine(failure.request)}`,
    `  answer:  ${status}${failure.firstLine === "" ? "" : ` ${escapeControl(failure.firstLine)}`}`,
  ];
  for (const line of groupedFindingLines(groupFindings(failure.findings ?? []).slice(0, 3), false)) lines.push(`  ${escapeControl(line)}`);
  const curl = redactUrlSecrets(failure.curl);
  lines.push(
    curl.length <= MAX_CURL_SHOWN
      ? `  ${curl}`
      : `  (the curl line is ${curl.length.toLocaleString("en-US")} characters: in --json and --html)`,
  );
  return lines;
}

export function fuzzSummaryLine(report: FuzzReport): string {
  const c = report.counts;
  const shrink = report.shrinkRequests > 0 ? ` (+${report.shrinkRequests} to shrink)` : "";
  return `${plural(c.failures, "failure")}: ${plural(c.errors, "error")}, ${plural(c.warnings, "warning")}; ${plural(report.sent, "request")}${shrink} in ${(report.durationMs / 1000).toFixed(2)} s`;
}

export function fuzzVerdictLine(report: FuzzReport): string {
  const strict = report.strict ? " (strict: warnings count as errors)" : "";
  if (report.verdict === "fail") return `FAIL: odd requests break the provider${strict}`;
  return `PASS: no odd request broke the provider${strict}`;
}

/** `--seed 7 --shard 1/3` and the other options that repeat this run. */
export function repeatLine(report: FuzzReport): string {
  const shard = report.shard === undefined ? "" : ` --shard ${report.shard.index}/${report.shard.total}`;
  return `Repeat this run with --seed ${report.seed}${shard} and the same --max-requests.`;
}

export function formatFuzzReport(report: FuzzReport): string[] {
  const shard = report.shard === undefined ? "" : `, shard ${report.shard.index}/${report.shard.total}`;
  const lines = [
    `Fuzzing ${redactUrlSecrets(report.baseUrl)} (app_id ${report.appId}; seed ${report.seed}${shard}; ${plural(report.planned, "request")} planned)`,
  ];
  const endpoints = [...new Set(report.checks.map((c) => c.endpoint))];
  for (const endpoint of endpoints) {
    const checks = report.checks.filter((c) => c.endpoint === endpoint);
    lines.push("", endpoint);
    for (const check of checks.filter((c) => c.outcome !== "passed")) {
      lines.push(
        `  ${MARK[check.outcome]}  ${check.check} (${plural(check.failures.length, "failure")} in ${plural(check.requests, "request")})`,
      );
      for (const failure of check.failures) lines.push(...failureLines(failure).map((line) => `        ${line}`));
    }
    const passed = checks.filter((c) => c.outcome === "passed").map((c) => c.check);
    if (passed.length > 0) lines.push(`  ok    ${passed.join(", ")}`);
  }
  lines.push("");
  for (const note of report.notes) lines.push(`Note: ${note}`);
  lines.push(repeatLine(report));
  lines.push(fuzzSummaryLine(report));
  lines.push(fuzzVerdictLine(report));
  return lines;
}

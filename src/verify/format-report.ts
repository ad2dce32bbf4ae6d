// Renders a verification report for people: checks grouped by endpoint, each failing or warning
// check followed by its findings (JSON path, rule, message), then a summary line.
import { formatFindings } from "../check/format-findings.js";
import type { CheckOutcome, CheckResult, VerificationFinding, VerificationReport } from "./report.js";
import { plural } from "../check/format-findings.js";

const MARK: Record<CheckOutcome, string> = { passed: "ok  ", warned: "warn", failed: "FAIL", skipped: "skip" };

export interface FormatOptions {
  /** Findings shown per check; the rest are counted (all of them are in --json and --junit). */
  maxFindingsPerCheck?: number;
}

export interface FindingGroup {
  finding: VerificationFinding;
  count: number;
}

/**
 * One line per kind of finding: the same rule at the same place in every record (`$[*].created_at`)
 * is one line with a count, so a provider with naive timestamps does not print a line per record.
 * Two findings of one rule at the very same place (same path, same request) are different faults
 * (two Pact mismatches at `$`), not a repeat: each keeps its own line.
 */
export function groupFindings(findings: readonly VerificationFinding[]): FindingGroup[] {
  const groups = new Map<string, { first: VerificationFinding; pattern: string; count: number; places: Set<string> }>();
  for (const finding of findings) {
    const pattern = finding.path.replace(/\[\d+\]/g, "[*]");
    const place = `${finding.path} ${finding.request ?? ""}`;
    const kind = `${finding.severity}|${finding.rule}|${pattern}`;
    const same = groups.get(kind);
    const another = same !== undefined && same.places.has(place) && same.first.message !== finding.message;
    const key = another ? `${kind}|${finding.message}` : kind;
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.places.add(place);
    } else groups.set(key, { first: finding, pattern, count: 1, places: new Set([place]) });
  }
  // A kind seen once keeps its real path; a repeated one shows the pattern. Errors first: they
  // must not hide behind the display limit.
  return [...groups.values()]
    .map(({ first, pattern, count }) => ({ finding: count === 1 ? first : { ...first, path: pattern }, count }))
    .sort((a, b) => Number(a.finding.severity === "warning") - Number(b.finding.severity === "warning"));
}

/**
 * The lines of grouped findings: path, rule, message, then where they came from: `(N times, first
 * REQUEST)` for a group, `[REQUEST]` for a single finding when `withRequest` says to show it.
 */
export function groupedFindingLines(groups: readonly FindingGroup[], withRequest: boolean): string[] {
  return formatFindings(groups.map((g) => g.finding)).map((line, i) => {
    const { finding, count } = groups[i]!;
    const request = withRequest ? finding.request : undefined;
    if (count > 1) return `${line}  (${count} times${request === undefined ? "" : `, first ${request}`})`;
    return request === undefined ? line : `${line}  [${request}]`;
  });
}

function checkLines(check: CheckResult, max: number): string[] {
  const head = `  ${MARK[check.outcome]}  ${check.check}${check.skipReason === undefined ? "" : ` (${check.skipReason})`}`;
  const groups = groupFindings(check.findings);
  // Template endpoints ({evaluation_id}) cover many requests: name the one a finding came from.
  const lines = groupedFindingLines(groups.slice(0, max), check.endpoint.includes("{evaluation_id}")).map((line) => `        ${line}`);
  const rest = groups.length - Math.min(max, groups.length);
  if (rest > 0) lines.push(`        ... and ${rest} more kinds of finding (see --json)`);
  return [head, ...lines];
}

export function formatSummary(report: VerificationReport): string {
  const c = report.counts;
  const seconds = (report.durationMs / 1000).toFixed(2);
  return (
    `${plural(c.checks, "check")}: ${c.passed} passed, ${c.warned} warned, ${c.failed} failed, ${c.skipped} skipped; ` +
    `${plural(c.errors, "error")}, ${plural(c.warnings, "warning")}; ${plural(report.requests, "request")} in ${seconds} s`
  );
}

/** The last line: the verdict, in words that cannot be mistaken for one another. */
export function verdictLine(report: VerificationReport): string {
  const strict = report.strict ? " (strict: warnings count as errors)" : "";
  if (report.verdict === "fail") return `FAIL: the provider breaks the contract${strict}`;
  if (report.verdict === "partial")
    return `PARTIAL: no check failed, but without --app-id only the checks that need no data ran: not a verdict on the contract${strict}`;
  return `PASS: the provider conforms to the contract${strict}`;
}

export function formatReport(report: VerificationReport, options: FormatOptions = {}): string[] {
  const max = options.maxFindingsPerCheck ?? 10;
  const target = report.appId === undefined ? "no app_id" : `app_id ${report.appId}`;
  const lines = [
    `Verifying ${report.baseUrl} (${target}; unknown ids: app ${report.unknownAppId}, human evaluation ${report.unknownEvaluationId})`,
  ];
  if (report.appId === undefined)
    lines.push("Partial run (no --app-id): only the checks that need no data ran; pass --app-id to sweep records and run Pact.");
  if (report.pact === "disabled") lines.push("Pact verification: disabled.");
  const endpoints = [...new Set(report.checks.map((c) => c.endpoint))];
  for (const endpoint of endpoints) {
    lines.push("", endpoint);
    for (const check of report.checks.filter((c) => c.endpoint === endpoint)) lines.push(...checkLines(check, max));
  }
  lines.push("");
  for (const note of report.notes) lines.push(`Note: ${note}`);
  if (report.hint !== undefined) lines.push(`Hint: ${report.hint}`);
  lines.push(formatSummary(report));
  lines.push(verdictLine(report));
  return lines;
}

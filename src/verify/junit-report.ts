// Renders a verification report as JUnit XML for CI systems: a testsuite per check group, a
// testcase per endpoint check, a failure holding the findings (folded like the text report);
// warnings go to system-out.
import { groupedFindingLines, groupFindings } from "./format-report.js";
import { CHECK_GROUPS, type CheckResult, type VerificationReport } from "./report.js";
import { plural } from "../check/format-findings.js";

// Characters XML 1.0 cannot carry at all (control characters, lone surrogates): dropped.
const INVALID_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const escapeXml = (text: string): string =>
  text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

export const seconds = (ms: number): string => (ms / 1000).toFixed(3);

export const attributes = (pairs: Record<string, string | number>): string =>
  Object.entries(pairs)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");

/** The check's findings of one severity, folded like the text report (every finding is in --json). */
function findingLines(check: CheckResult, severity: "error" | "warning"): string {
  return groupedFindingLines(groupFindings(check.findings.filter((f) => f.severity === severity)), true).join("\n");
}

function testcase(check: CheckResult): string {
  const open = `    <testcase${attributes({ classname: `verify.${check.group}`, name: `${check.endpoint}: ${check.check}`, time: seconds(check.durationMs) })}`;
  const body: string[] = [];
  if (check.outcome === "skipped") body.push(`      <skipped${attributes({ message: check.skipReason ?? "skipped" })}/>`);
  const errors = check.findings.filter((f) => f.severity === "error");
  if (errors.length > 0) {
    const message = `${plural(errors.length, "error")}: ${errors[0]!.path} ${errors[0]!.rule}: ${errors[0]!.message}`;
    const type = [...new Set(errors.map((f) => f.rule))].join(",");
    body.push(`      <failure${attributes({ message, type })}>${escapeXml(findingLines(check, "error"))}</failure>`);
  }
  if (check.findings.length > errors.length) body.push(`      <system-out>${escapeXml(findingLines(check, "warning"))}</system-out>`);
  return body.length === 0 ? `${open}/>` : `${open}>\n${body.join("\n")}\n    </testcase>`;
}

export function toJUnitXml(report: VerificationReport): string {
  const tally = (checks: readonly CheckResult[]) => ({
    tests: checks.length,
    failures: checks.filter((c) => c.outcome === "failed").length,
    errors: 0,
    skipped: checks.filter((c) => c.outcome === "skipped").length,
    time: seconds(checks.reduce((sum, c) => sum + c.durationMs, 0)),
  });
  const suites = CHECK_GROUPS.map((group) => ({ group, checks: report.checks.filter((c) => c.group === group) }))
    .filter(({ checks }) => checks.length > 0)
    .map(({ group, checks }) =>
      [
        `  <testsuite${attributes({ name: group, ...tally(checks), timestamp: report.startedAt.replace(/\.\d+Z$/, "") })}>`,
        `    <properties>`,
        `      <property${attributes({ name: "baseUrl", value: report.baseUrl })}/>`,
        `      <property${attributes({ name: "appId", value: report.appId ?? "" })}/>`,
        `      <property${attributes({ name: "strict", value: String(report.strict) })}/>`,
        `      <property${attributes({ name: "verdict", value: report.verdict })}/>`,
        ...report.notes.map((note) => `      <property${attributes({ name: "note", value: note })}/>`),
        `    </properties>`,
        ...checks.map(testcase),
        `  </testsuite>`,
      ].join("\n"),
    );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    // The run's name carries a partial verdict: CI summaries show it, and a partial run is no pass.
    `<testsuites${attributes({ name: `evals-contract verify${report.verdict === "partial" ? " (partial: no --app-id)" : ""}`, ...tally(report.checks), time: seconds(report.durationMs) })}>`,
    ...suites,
    `</testsuites>`,
    "",
  ].join("\n");
}

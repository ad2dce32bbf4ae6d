// The fuzz report as JUnit XML, with verify's conventions: one testsuite `fuzz`, a testcase per check
// and operation, a failure holding its failures (shrunk request, answer, curl) when it has errors,
// warnings in system-out.
import { plural } from "../check/format-findings.js";
import { attributes, escapeXml, seconds } from "../verify/junit-report.js";
import { failureLines } from "./format-report.js";
import type { FuzzCheckSummary, FuzzReport } from "./types.js";

function testcase(check: FuzzCheckSummary): string {
  const open = `    <testcase${attributes({ classname: "fuzz", name: `${check.endpoint}: ${check.check}`, time: "0.000" })}`;
  const body: string[] = [];
  const errors = check.failures.filter((f) => f.severity === "error");
  const warnings = check.failures.filter((f) => f.severity === "warning");
  if (errors.length > 0) {
    const message = `${plural(errors.length, "failure")}: ${errors[0]!.message}`;
    body.push(
      `      <failure${attributes({ message, type: check.check })}>${escapeXml(errors.flatMap(failureLines).join("\n"))}</failure>`,
    );
  }
  if (warnings.length > 0) body.push(`      <system-out>${escapeXml(warnings.flatMap(failureLines).join("\n"))}</system-out>`);
  return body.length === 0 ? `${open}/>` : `${open}>\n${body.join("\n")}\n    </testcase>`;
}

export function toFuzzJUnitXml(report: FuzzReport): string {
  const tally = {
    tests: report.checks.length,
    failures: report.checks.filter((c) => c.outcome === "failed").length,
    errors: 0,
    skipped: 0,
    time: seconds(report.durationMs),
  };
  const properties: Record<string, string | number> = {
    baseUrl: report.baseUrl,
    appId: report.appId,
    seed: report.seed,
    strict: String(report.strict),
    verdict: report.verdict,
    requests: report.sent,
  };
  if (report.shard !== undefined) properties.shard = `${report.shard.index}/${report.shard.total}`;
  const shard = report.shard === undefined ? "" : ` (shard ${report.shard.index}/${report.shard.total})`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites${attributes({ name: `evals-contract fuzz${shard}`, ...tally })}>`,
    `  <testsuite${attributes({ name: "fuzz", ...tally, timestamp: report.startedAt.replace(/\.\d+Z$/, "") })}>`,
    `    <properties>`,
    ...Object.entries(properties).map(([name, value]) => `      <property${attributes({ name, value })}/>`),
    ...report.notes.map((note) => `      <property${attributes({ name: "note", value: note })}/>`),
    `    </properties>`,
    ...report.checks.map(testcase),
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}

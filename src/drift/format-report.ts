// The drift report as text (grouped by severity, then by operation) and as JUnit XML (a testcase
// per operation; breaking drift is its failure, compatible drift its system-out).
import { escapeXml } from "../verify/junit-report.js";
import type { DriftFinding, DriftReport } from "./finding.js";

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

function groupByWhere(findings: readonly DriftFinding[]): Map<string, DriftFinding[]> {
  const groups = new Map<string, DriftFinding[]>();
  for (const f of findings) groups.set(f.where, [...(groups.get(f.where) ?? []), f]);
  return groups;
}

const line = (f: DriftFinding, width: number): string => `    ${f.kind.padEnd(width)}  ${f.path === "" ? "" : `${f.path}  `}${f.message}`;

export function formatDriftReport(report: DriftReport): string {
  const out = [`Drift of ${report.source} (OpenAPI ${report.providerVersion}) from the contract (OpenAPI ${report.contractVersion})`];
  const width = Math.max(0, ...report.findings.map((f) => f.kind.length));
  for (const severity of ["breaking", "compatible"] as const) {
    const findings = report.findings.filter((f) => f.severity === severity);
    if (findings.length === 0) continue;
    out.push("", `${severity} (${findings.length})`);
    for (const [where, group] of groupByWhere(findings)) out.push(`  ${where}`, ...group.map((f) => line(f, width)));
  }
  out.push(
    "",
    `${plural(report.findings.length, "difference")}: ${report.breaking} breaking, ${report.compatible} compatible`,
    report.breaking > 0 ? "FAIL: the provider's document drifts from the contract in ways that break clients" : "OK: no breaking drift",
  );
  return out.join("\n");
}

export function driftJUnitXml(report: DriftReport): string {
  const groups = groupByWhere(report.findings);
  const cases = [...groups].map(([where, group]) => {
    const breaking = group.filter((f) => f.severity === "breaking");
    const compatible = group.filter((f) => f.severity === "compatible");
    const body: string[] = [];
    const text = (fs: DriftFinding[]): string => fs.map((f) => `${f.kind} ${f.path} ${f.message}`.replace(/ {2,}/g, " ")).join("\n");
    if (breaking.length > 0)
      body.push(
        `      <failure message="${escapeXml(`${plural(breaking.length, "breaking difference")}: ${breaking[0]!.kind} ${breaking[0]!.path}`.trim())}" type="${escapeXml([...new Set(breaking.map((f) => f.kind))].join(","))}">${escapeXml(text(breaking))}</failure>`,
      );
    if (compatible.length > 0) body.push(`      <system-out>${escapeXml(text(compatible))}</system-out>`);
    return `    <testcase classname="drift" name="${escapeXml(where)}">\n${body.join("\n")}\n    </testcase>`;
  });
  const failures = [...groups.values()].filter((g) => g.some((f) => f.severity === "breaking")).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`drift of ${report.source}`)}" tests="${groups.size}" failures="${failures}" errors="0">`,
    `  <testsuite name="drift" tests="${groups.size}" failures="${failures}" errors="0">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

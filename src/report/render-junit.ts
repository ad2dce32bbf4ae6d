// The report as JUnit XML for CI systems: a testsuite per check group (the tool's name when it has
// none), a testcase per check, its errors in a failure (folded like the text report, every kind
// listed), its warnings and known findings in system-out, a skipped check as skipped; a table's
// rows as a testsuite per column, a row not seen skipped (coverage is a measure, not a failure).
import { escapeControl } from "../check/escape-control.js";
import { plural } from "../check/format-findings.js";
import { groupedFindingLines, groupFindings } from "./group-findings.js";
import type { CheckSection, Report, ReportCheck, ReportFinding, TableSection } from "./model.js";
import { attributes, escapeXml, seconds } from "./xml.js";

const MAX_REPRODUCE_SHOWN = 2000;

/** Folded lines of `findings`, each followed by its details and reproducing line. */
function findingLines(findings: readonly ReportFinding[]): string {
  const groups = groupFindings(findings);
  const lines: string[] = [];
  // A finding with details names its request there (fuzz's shrunk request): not twice.
  const inline = !groups.some((g) => g.finding.details !== undefined);
  groupedFindingLines(groups, inline).forEach((line, i) => {
    lines.push(line);
    const finding = groups[i]!.finding;
    for (const detail of finding.details ?? []) lines.push(`  ${detail}`);
    if (finding.reproduce !== undefined && finding.reproduce.length <= MAX_REPRODUCE_SHOWN) lines.push(`  ${finding.reproduce}`);
  });
  return escapeXml(lines.map(escapeControl).join("\n"));
}

function testcase(report: Report, section: CheckSection, check: ReportCheck): string {
  const classname = check.group === undefined ? report.tool : `${report.tool}.${check.group}`;
  const open = `    <testcase${attributes({ classname, name: `${section.title}: ${check.check}`, time: seconds(check.durationMs ?? 0) })}`;
  const own = report.findings.slice(check.findings.first, check.findings.first + check.findings.count);
  const errors = own.filter((f) => f.severity === "error" && f.known !== true);
  const warnings = own.filter((f) => f.severity === "warning" && f.known !== true);
  const known = own.filter((f) => f.known === true);
  const body: string[] = [];
  if (check.outcome === "skipped") body.push(`      <skipped${attributes({ message: check.skipReason ?? "skipped" })}/>`);
  if (errors.length > 0) {
    const first = errors[0]!;
    const message = `${plural(check.errors, "error")}: ${[first.path, `${first.rule}:`].filter((part) => part !== "").join(" ")} ${first.message}`;
    const type = [...new Set(errors.map((f) => f.rule))].join(",");
    body.push(`      <failure${attributes({ message, type })}>${findingLines(errors)}</failure>`);
  }
  if (warnings.length + known.length > 0) {
    const out = [warnings.length > 0 ? findingLines(warnings) : "", known.length > 0 ? `known (baseline):\n${findingLines(known)}` : ""];
    body.push(`      <system-out>${out.filter((part) => part !== "").join("\n")}</system-out>`);
  }
  return body.length === 0 ? `${open}/>` : `${open}>\n${body.join("\n")}\n    </testcase>`;
}

function properties(report: Report): string[] {
  const pairs: Array<[string, string]> = [
    ...Object.entries(report.properties),
    ["strict", String(report.strict)],
    ["verdict", report.verdict],
    ...report.notes.map((note): [string, string] => ["note", note]),
    ...(report.hint === undefined ? [] : [["hint", report.hint] as [string, string]]),
  ];
  if (report.baseline !== undefined)
    pairs.push(
      ["baseline", report.baseline.file],
      ["baselineKnown", String(report.baseline.known)],
      ["baselineStale", String(report.baseline.stale.length)],
      ["baselineExpired", String(report.baseline.expired)],
    );
  return [`    <properties>`, ...pairs.map(([name, value]) => `      <property${attributes({ name, value })}/>`), `    </properties>`];
}

interface Suite {
  name: string;
  tests: number;
  failures: number;
  skipped: number;
  ms: number;
  cases: string[];
}

function checkSuites(report: Report): Suite[] {
  const suites = new Map<string, Suite>();
  for (const section of report.sections) {
    if (section.kind !== "checks") continue;
    for (const check of section.checks) {
      const name = check.group ?? report.tool;
      let suite = suites.get(name);
      if (suite === undefined) suites.set(name, (suite = { name, tests: 0, failures: 0, skipped: 0, ms: 0, cases: [] }));
      suite.tests++;
      if (check.outcome === "failed") suite.failures++;
      if (check.outcome === "skipped") suite.skipped++;
      suite.ms += check.durationMs ?? 0;
      suite.cases.push(testcase(report, section, check));
    }
  }
  const order = report.groups ?? [];
  const rank = (name: string): number => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...suites.values()].sort((a, b) => rank(a.name) - rank(b.name));
}

function tableSuites(report: Report): Suite[] {
  const tables = report.sections.filter((s): s is TableSection => s.kind === "table");
  const columns = [...new Set(tables.flatMap((t) => t.columns))];
  return columns.map((column) => {
    const suite: Suite = { name: `${report.tool} ${column}`, tests: 0, failures: 0, skipped: 0, ms: 0, cases: [] };
    for (const table of tables)
      for (const row of table.rows) {
        const cell = row.cells[column];
        if (cell === undefined) continue;
        suite.tests++;
        const open = `    <testcase${attributes({ classname: `${report.tool}.${column}`, name: `${table.title}: ${row.id}`, time: "0" })}`;
        if (cell.count > 0)
          suite.cases.push(
            `${open}><system-out>${escapeXml(escapeControl(`seen ${plural(cell.count, "time")}, first ${cell.first ?? ""}`))}</system-out></testcase>`,
          );
        else {
          suite.skipped++;
          suite.cases.push(`${open}><skipped${attributes({ message: `not seen: ${cell.hint ?? ""}` })}/></testcase>`);
        }
      }
    return suite;
  });
}

export function renderJUnit(report: Report): string {
  const suites = [...tableSuites(report), ...checkSuites(report)];
  const total = (field: "tests" | "failures" | "skipped"): number => suites.reduce((sum, s) => sum + s[field], 0);
  const timestamp: Record<string, string> = report.startedAt === undefined ? {} : { timestamp: report.startedAt.replace(/\.\d+Z$/, "") };
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites${attributes({ name: report.name, tests: total("tests"), failures: total("failures"), errors: 0, skipped: total("skipped"), time: seconds(report.durationMs ?? 0) })}>`,
    ...suites.flatMap((suite) => [
      `  <testsuite${attributes({ name: suite.name, tests: suite.tests, failures: suite.failures, errors: 0, skipped: suite.skipped, time: seconds(suite.ms), ...timestamp })}>`,
      ...properties(report),
      ...suite.cases,
      `  </testsuite>`,
    ]),
    `</testsuites>`,
    "",
  ].join("\n");
}

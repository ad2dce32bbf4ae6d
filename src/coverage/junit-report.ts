// The coverage report as JUnit XML for CI dashboards: a testsuite per side, a testcase per operation
// and item (skipped when not seen: coverage is a measure, not a failure), plus a failing testcase for
// each --require item not seen and for a side under --min.
import { attributes, escapeXml } from "../verify/junit-report.js";
import type { ObservationSide } from "./observation.js";
import { hintFor } from "./format-report.js";
import { endpointLabel, type CoverageReport } from "./tally.js";

function suite(report: CoverageReport, side: ObservationSide): string {
  const cases: string[] = [];
  let failures = 0;
  let skipped = 0;
  for (const row of report.rows) {
    if (row[side] === undefined) continue;
    const count = row[side].count;
    const open = `    <testcase${attributes({ classname: `coverage.${side}`, name: `${endpointLabel(row.operationId)}: ${row.id}`, time: "0" })}`;
    if (count > 0)
      cases.push(`${open}><system-out>${escapeXml(`seen ${count} times, first ${row[side]!.first ?? ""}`)}</system-out></testcase>`);
    else {
      skipped++;
      cases.push(`${open}><skipped${attributes({ message: `not seen: ${hintFor(row, side)}` })}/></testcase>`);
    }
  }
  for (const missing of report.missingRequired.filter((m) => m.startsWith(`${side}: `))) {
    failures++;
    cases.push(
      `    <testcase${attributes({ classname: `coverage.${side}`, name: `required: ${missing.slice(side.length + 2)}`, time: "0" })}><failure${attributes({ message: `required but not seen by the ${side}` })}/></testcase>`,
    );
  }
  if (report.belowMin.includes(side)) {
    failures++;
    const total = report.totals[side]!;
    cases.push(
      `    <testcase${attributes({ classname: `coverage.${side}`, name: `minimum ${report.min}%`, time: "0" })}><failure${attributes({ message: `${total.percent}% of ${total.total} items, under --min ${report.min}%` })}/></testcase>`,
    );
  }
  const total = report.totals[side]!;
  return [
    `  <testsuite${attributes({ name: `coverage ${side}`, tests: cases.length, failures, errors: 0, skipped, time: "0" })}>`,
    `    <properties>`,
    `      <property${attributes({ name: "seen", value: `${total.seen}/${total.total}` })}/>`,
    `      <property${attributes({ name: "percent", value: String(total.percent) })}/>`,
    `    </properties>`,
    ...cases,
    `  </testsuite>`,
  ].join("\n");
}

export function toCoverageJUnitXml(report: CoverageReport): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites${attributes({ name: "evals-contract coverage" })}>`,
    ...report.sides.map((side) => suite(report, side)),
    `</testsuites>`,
    "",
  ].join("\n");
}

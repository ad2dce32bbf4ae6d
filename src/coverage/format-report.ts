// The coverage report for people: per operation a table of its surface items and client cases with
// the count each side saw and the first request that showed it, then the totals, what one side saw
// and the other did not, a hint for every item not seen, and the verdict under --min and --require.
import { plural } from "../check/format-findings.js";
import { escapeControl } from "../check/escape-control.js";
import { OPERATION_IDS } from "../contract/operations.js";
import { endpointLabel, type CoverageReport, type CoverageRow } from "./tally.js";
import type { ObservationSide } from "./observation.js";

const KIND: Record<CoverageRow["kind"], string> = { surface: "surface", case: "case" };

const cell = (row: CoverageRow, side: ObservationSide): string => {
  if (row[side] === undefined) return "n/a";
  const count = row[side].count;
  return count === 0 ? "-" : String(count);
};

const seen = (row: CoverageRow, side: ObservationSide): boolean => (row[side]?.count ?? 0) > 0;

/** How a side reaches an item: the consumer through the mock, the provider through its data. */
export const hintFor = (row: CoverageRow, side: ObservationSide): string =>
  side === "consumer"
    ? row.hint
    : row.kind === "case"
      ? "no answer of the provider showed it: verify or fuzz an app whose data has one"
      : `verify and fuzz send it: ${row.hint}`;

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** `consumer 34/70 (48.6%, 120 requests)`. */
export function sideTotalLine(report: CoverageReport, side: ObservationSide): string {
  const total = report.totals[side]!;
  return `${side} ${total.seen}/${total.total} (${total.percent.toFixed(1)}%, ${plural(total.observations, "request")})`;
}

export function coverageVerdictLine(report: CoverageReport): string {
  if (report.passed) {
    const min = report.min === undefined ? "" : `, every side at least ${report.min}%`;
    const required = report.required.length === 0 ? "" : `, every required item seen`;
    return `PASS: coverage measured${min}${required}`;
  }
  const reasons = [
    ...report.belowMin.map((side) => `${side} ${report.totals[side]!.percent.toFixed(1)}% is under --min ${report.min}%`),
    ...(report.missingRequired.length === 0 ? [] : [`not seen: ${report.missingRequired.join(", ")}`]),
  ];
  return `FAIL: ${reasons.join("; ")}`;
}

export function formatCoverageReport(report: CoverageReport): string[] {
  const sides = report.sides;
  const inputs = sides.map((side) => {
    const files = report.inputs.filter((i) => i.side === side);
    return `${side}: ${files.map((i) => `${i.file} (${i.source}, ${plural(i.observations, "request")})`).join(", ")}`;
  });
  const lines = [`Coverage of the Evaluation Listing Service`, ...inputs.map((line) => `  ${line}`)];
  if (sides.length === 0) {
    lines.push("", "No request to the service in the inputs: nothing was measured.", coverageVerdictLine(report));
    return lines;
  }
  const labelWidth = Math.max(...report.rows.map((row) => row.label.length)) + 2;
  const showFirst = sides.length === 1;
  for (const operationId of OPERATION_IDS) {
    lines.push(
      "",
      `${endpointLabel(operationId).padEnd(labelWidth + 10)}${sides.map((s) => s.padStart(10)).join("")}${showFirst ? "  first request" : ""}`,
    );
    for (const row of report.rows.filter((r) => r.operationId === operationId)) {
      const counts = sides.map((side) => cell(row, side).padStart(10)).join("");
      const first = showFirst ? `  ${escapeControl(cut(row[sides[0]!]?.first ?? "", 70))}` : "";
      lines.push(`  ${KIND[row.kind].padEnd(8)}${row.label.padEnd(labelWidth)}${counts}${first}`.trimEnd());
    }
  }
  lines.push("");
  if (sides.length === 2) {
    const only = (a: ObservationSide, b: ObservationSide): CoverageRow[] => report.rows.filter((row) => seen(row, a) && !seen(row, b));
    const consumerOnly = only("consumer", "provider").filter((row) => !row.forced);
    const providerOnly = only("provider", "consumer");
    if (consumerOnly.length > 0) {
      lines.push(`The client's tests exercise what the provider's data never showed (${consumerOnly.length}):`);
      for (const row of consumerOnly) lines.push(`  ${endpointLabel(row.operationId)}: ${row.label}`);
    }
    if (providerOnly.length > 0) {
      lines.push(`The provider answers what the client's tests never received (${providerOnly.length}):`);
      for (const row of providerOnly) lines.push(`  ${endpointLabel(row.operationId)}: ${row.label} (${hintFor(row, "consumer")})`);
    }
  }
  for (const side of sides) {
    const missing = report.rows.filter((row) => row[side] !== undefined && !seen(row, side));
    if (missing.length === 0) continue;
    lines.push(`Not seen by the ${side} (${missing.length}), and how to reach each:`);
    for (const row of missing) lines.push(`  ${endpointLabel(row.operationId)}  ${row.id}: ${hintFor(row, side)}`);
  }
  lines.push(`Totals: ${sides.map((side) => sideTotalLine(report, side)).join("; ")}`);
  lines.push(coverageVerdictLine(report));
  return lines;
}

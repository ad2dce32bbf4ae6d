// Coverage's tally as the report model: a table per operation (its surface items and client cases,
// a column per side), the lists of what one side saw and the other did not and of how to reach
// what was not seen, and --min and --require as checks that fail with a finding. Each side's figures
// are numbers in the model (`coverage`): the summary, the properties, the verdict line and --min's
// checks are all written from those numbers, so the text, the HTML and a CI script reading --json agree.
import { plural } from "../check/format-findings.js";
import { OPERATION_IDS, type OperationId } from "../contract/operations.js";
import type { ObservationSide } from "../coverage/observation.js";
import { endpointLabel, type CoverageReport, type CoverageRow } from "../coverage/tally.js";
import { buildReport, type DraftCheck, type DraftSection } from "./build-report.js";
import type { Report, SideFigures, TableCell } from "./model.js";

type Figures = NonNullable<Report["coverage"]>;

/** Each side's figures as numbers, from the tally's totals. */
function figuresOf(report: CoverageReport): Figures {
  const figures: Figures = {};
  for (const side of report.sides) {
    const { seen, total, percent, observations } = report.totals[side]!;
    figures[side] = { seen, total, percent, requests: observations };
  }
  return figures;
}

/** How a side reaches an item: the consumer through the mock, the provider through its data. */
export const hintFor = (row: CoverageRow, side: ObservationSide): string =>
  side === "consumer"
    ? row.hint
    : row.kind === "case"
      ? "no answer of the provider showed it: verify or fuzz an app whose data has one"
      : `verify and fuzz send it: ${row.hint}`;

const seen = (row: CoverageRow, side: ObservationSide): boolean => (row[side]?.count ?? 0) > 0;

/** `34/70 (48.6%, 120 requests)`: a side's figures in words. */
export const figuresLine = (figures: SideFigures): string =>
  `${figures.seen}/${figures.total} (${figures.percent.toFixed(1)}%, ${plural(figures.requests, "request")})`;

/** The sides whose percentage is under --min: read from the figures, as a CI script reads them. */
const belowMin = (report: CoverageReport, figures: Figures): ObservationSide[] =>
  report.min === undefined ? [] : report.sides.filter((side) => figures[side]!.percent < report.min!);

const passes = (report: CoverageReport, figures: Figures): boolean =>
  belowMin(report, figures).length === 0 && report.missingRequired.length === 0;

export function coverageVerdictLine(report: CoverageReport, figures: Figures = figuresOf(report)): string {
  if (passes(report, figures)) {
    const min = report.min === undefined ? "" : `, every side at least ${report.min}%`;
    const required = report.required.length === 0 ? "" : `, every required item seen`;
    return `PASS: coverage measured${min}${required}`;
  }
  const reasons = [
    ...belowMin(report, figures).map((side) => `${side} ${figures[side]!.percent.toFixed(1)}% is under --min ${report.min}%`),
    ...(report.missingRequired.length === 0 ? [] : [`not seen: ${report.missingRequired.join(", ")}`]),
  ];
  return `FAIL: ${reasons.join("; ")}`;
}

function table(report: CoverageReport, operationId: OperationId): DraftSection {
  const rows = report.rows
    .filter((row) => row.operationId === operationId)
    .map((row) => {
      const cells: Record<string, TableCell> = {};
      for (const side of report.sides) {
        const count = row[side];
        if (count === undefined) continue;
        cells[side] = {
          count: count.count,
          ...(count.first === undefined ? {} : { first: count.first }),
          ...(count.count === 0 ? { hint: hintFor(row, side) } : {}),
        };
      }
      return { kind: row.kind, id: row.id, label: row.label, cells };
    });
  return { kind: "table", title: endpointLabel(operationId), operation: operationId, columns: [...report.sides], rows };
}

function lists(report: CoverageReport): DraftSection[] {
  const sections: DraftSection[] = [];
  const list = (title: string, items: string[]): void => void (items.length > 0 && sections.push({ kind: "list", title, items }));
  if (report.sides.length === 2) {
    const only = (a: ObservationSide, b: ObservationSide): CoverageRow[] => report.rows.filter((row) => seen(row, a) && !seen(row, b));
    const consumerOnly = only("consumer", "provider").filter((row) => !row.forced);
    const providerOnly = only("provider", "consumer");
    list(
      `The client's tests exercise what the provider's data never showed (${consumerOnly.length}):`,
      consumerOnly.map((row) => `${endpointLabel(row.operationId)}: ${row.label}`),
    );
    list(
      `The provider answers what the client's tests never received (${providerOnly.length}):`,
      providerOnly.map((row) => `${endpointLabel(row.operationId)}: ${row.label} (${hintFor(row, "consumer")})`),
    );
  }
  for (const side of report.sides) {
    const missing = report.rows.filter((row) => row[side] !== undefined && !seen(row, side));
    list(
      `Not seen by the ${side} (${missing.length}), and how to reach each:`,
      missing.map((row) => `${endpointLabel(row.operationId)}  ${row.id}: ${hintFor(row, side)}`),
    );
  }
  return sections;
}

/** --min and --require, per side: a check each, failed with an error finding when not met. */
function requirements(report: CoverageReport, figures: Figures): DraftSection[] {
  const checks: DraftCheck[] = [];
  for (const side of report.sides) {
    if (report.min !== undefined) {
      const total = figures[side]!;
      const below = belowMin(report, figures).includes(side);
      const message = `the ${side} saw ${total.seen} of ${total.total} items (${total.percent.toFixed(1)}%), under --min ${report.min}%`;
      checks.push({
        check: `${side}: --min ${report.min}%`,
        outcome: below ? "failed" : "passed",
        findings: below ? [{ check: "min", severity: "error", path: "", rule: "min", message, cause: side }] : [],
      });
    }
    for (const id of report.required) {
      const missing = report.missingRequired.includes(`${side}: ${id}`);
      const [operation] = OPERATION_IDS.filter((op) => id.startsWith(`${op}:`));
      checks.push({
        check: `${side}: --require ${id}`,
        ...(operation === undefined ? {} : { operation }),
        outcome: missing ? "failed" : "passed",
        findings: missing
          ? [
              {
                check: "require",
                severity: "error",
                ...(operation === undefined ? {} : { operation }),
                path: "",
                rule: "require",
                message: `required, but not seen by the ${side}`,
                cause: `${side}: ${id}`,
              },
            ]
          : [],
      });
    }
  }
  return checks.length === 0 ? [] : [{ kind: "checks", title: "Requirements", checks }];
}

export function fromCoverage(report: CoverageReport): Report {
  const inputs = report.sides.map((side) => {
    const files = report.inputs.filter((i) => i.side === side);
    return `  ${side}: ${files.map((i) => `${i.file} (${i.source}, ${plural(i.observations, "request")})`).join(", ")}`;
  });
  const measured = report.sides.length > 0;
  const figures = figuresOf(report);
  const properties: Record<string, string> = {};
  for (const side of report.sides) properties[side] = figuresLine(figures[side]!);
  if (report.min !== undefined) properties.min = `${report.min}%`;
  if (report.required.length > 0) properties.require = report.required.join(",");
  return buildReport({
    tool: "coverage",
    name: "evals-contract coverage",
    subject: report.inputs.map((i) => i.file).join(", "),
    intro: ["Coverage of the Evaluation Listing Service", ...inputs],
    verdict: passes(report, figures) ? "pass" : "fail",
    verdictLine: coverageVerdictLine(report, figures),
    strict: false,
    properties,
    notes: measured ? [] : ["no request to the service in the inputs: nothing was measured"],
    sections: measured ? [...OPERATION_IDS.map((op) => table(report, op)), ...lists(report), ...requirements(report, figures)] : [],
    summary: measured
      ? `Totals: ${report.sides.map((side) => `${side} ${figuresLine(figures[side]!)}`).join("; ")}`
      : "Totals: nothing measured",
    coverage: figures,
  });
}

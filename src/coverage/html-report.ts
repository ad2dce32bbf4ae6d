// The coverage report as one self-contained page in verify's style (same stylesheet, filter script and
// Content-Security-Policy): totals per side, then per operation a table of surface items and client
// cases with each side's count, the first request and, for what was not seen, how to reach it.
// Everything is escaped; the page reads on file:// with scripts off.
import type { TextSink } from "../io/text-sink.js";
import { REPORT_SCRIPT } from "../verify/html/assets.js";
import { filterForm, pageHeader, text, writeHtmlPieces } from "../verify/html-report.js";
import { OPERATION_IDS } from "../contract/operations.js";
import { coverageVerdictLine, hintFor, sideTotalLine } from "./format-report.js";
import { endpointLabel, type CoverageReport, type CoverageRow } from "./tally.js";

/** One item's row; not seen by a side: `data-severity="error"`, so the filter's "errors only" shows what is missing. */
function row(report: CoverageReport, item: CoverageRow): string {
  const missing = report.sides.some((side) => item[side] !== undefined && item[side].count === 0);
  const counts = report.sides
    .map((side) => {
      if (item[side] === undefined) return `<td class="num">n/a</td>`;
      const count = item[side].count;
      const first = item[side]?.first;
      return `<td class="num${count === 0 ? " sev-warning" : ""}">${count}${first === undefined ? "" : `<br><small><code>${text(first)}</code></small>`}</td>`;
    })
    .join("");
  return (
    `<tr class="finding" data-severity="${missing ? "error" : "warning"}" data-rule="${item.kind}">` +
    `<td>${item.kind}</td><td><code>${text(item.id)}</code><br>${text(item.label)}</td>${counts}` +
    `<td>${report.sides
      .filter((side) => item[side] !== undefined && item[side].count === 0)
      .map((side) => `${side}: ${text(hintFor(item, side))}`)
      .join("<br>")}</td></tr>`
  );
}

export function* coverageHtmlPieces(report: CoverageReport): Generator<string> {
  yield [
    pageHeader({
      title: `${report.verdict.toUpperCase()}: coverage`,
      verdict: report.verdict,
      baseUrl: report.inputs.map((i) => i.file).join(", "),
      verdictLine: coverageVerdictLine(report),
      meta: [
        ...report.sides.map((side) => text(sideTotalLine(report, side))),
        ...(report.min === undefined ? [] : [`--min ${report.min}%`]),
        ...(report.required.length === 0 ? [] : [`--require ${text(report.required.join(","))}`]),
      ],
    }),
    `</header><main>`,
    filterForm(new Set(["surface", "case"])),
    "",
  ].join("\n");
  for (const operationId of OPERATION_IDS) {
    yield `<section class="endpoint"><h2><code>${text(endpointLabel(operationId))}</code></h2><div class="check"><table><thead><tr><th>kind</th><th>item</th>`;
    yield `${report.sides.map((side) => `<th class="num">${side}</th>`).join("")}<th>how to reach it</th></tr></thead><tbody>`;
    for (const item of report.rows.filter((r) => r.operationId === operationId)) yield row(report, item);
    yield `</tbody></table></div></section>\n`;
  }
  yield `</main><script>${REPORT_SCRIPT}</script></body></html>\n`;
}

export function toCoverageHtmlReport(report: CoverageReport): string {
  let html = "";
  for (const piece of coverageHtmlPieces(report)) html += piece;
  return html;
}

export async function writeCoverageHtmlReport(out: TextSink, report: CoverageReport): Promise<void> {
  await writeHtmlPieces(out, coverageHtmlPieces(report));
}

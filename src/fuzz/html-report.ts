// The fuzz report as one self-contained HTML page in verify's style (same stylesheet, filter script
// and Content-Security-Policy): verdict and counts, then by endpoint and check each failure with its
// shrunk request, answer and curl line. Everything from the provider is escaped and URL credentials
// are redacted; the page reads on file:// with scripts off.
import { plural } from "../check/format-findings.js";
import type { TextSink } from "../io/text-sink.js";
import { REPORT_SCRIPT } from "../verify/html/assets.js";
import { filterForm, milliseconds, pageHeader, text, writeHtmlPieces } from "../verify/html-report.js";
import { fuzzSummaryLine, fuzzVerdictLine, repeatLine, requestLine } from "./format-report.js";
import type { FuzzCheckSummary, FuzzFailure, FuzzReport } from "./types.js";

const MARK: Record<FuzzCheckSummary["outcome"], string> = { passed: "ok", warned: "warn", failed: "FAIL" };

function failureRow(failure: FuzzFailure): string {
  const severity = failure.severity;
  const answer = `${failure.status ?? "no answer"} ${failure.firstLine}`;
  return (
    `<tr class="finding" data-severity="${severity}" data-rule="${text(failure.check)}">` +
    `<td class="sev-${severity}">${severity}</td>` +
    `<td>${text(failure.message)}<br><small>${plural(failure.hits, "request")}, first: ${text(failure.original.label)}</small></td>` +
    `<td><code>${text(requestLine(failure.request))}</code><br><small>${text(answer)}</small></td>` +
    `<td><code>${text(failure.curl)}</code></td></tr>`
  );
}

function* checkBlock(check: FuzzCheckSummary): Generator<string> {
  yield (
    `<div class="check outcome-${check.outcome}"><h3><span class="mark mark-${check.outcome}">${MARK[check.outcome]}</span>` +
    `${text(check.check)}<span class="group">fuzz</span><span class="dur">${plural(check.requests, "request")}</span></h3>`
  );
  if (check.failures.length > 0) {
    const open = check.outcome === "failed" ? " open" : "";
    yield (
      `<details class="rule-group"${open} data-open="${open === "" ? "no" : "yes"}"><summary><code>${text(check.check)}</code> · ${plural(check.failures.length, "failure")}</summary>` +
      `<table><thead><tr><th>severity</th><th>failure</th><th>shrunk request and answer</th><th>reproduce</th></tr></thead><tbody>`
    );
    for (const failure of check.failures) yield failureRow(failure);
    yield `</tbody></table></details>`;
  }
  yield `</div>`;
}

export function* fuzzHtmlPieces(report: FuzzReport): Generator<string> {
  yield [
    pageHeader({
      title: `${report.verdict.toUpperCase()}: fuzz ${report.baseUrl}`,
      verdict: report.verdict,
      baseUrl: report.baseUrl,
      verdictLine: fuzzVerdictLine(report),
      meta: [
        `app_id <code>${text(report.appId)}</code>`,
        `seed ${report.seed}`,
        ...(report.shard === undefined ? [] : [`shard ${report.shard.index}/${report.shard.total}`]),
        `started ${text(report.startedAt)}`,
        milliseconds(report.durationMs),
        `${plural(report.sent, "request")} (+${report.shrinkRequests} to shrink)`,
        report.strict ? "strict: warnings count as errors" : "warnings allowed",
      ],
    }),
    `<p id="counts">${text(fuzzSummaryLine(report))}</p></header>`,
    `<div class="notes">${[...report.notes.map((n) => `Note: ${n}`), repeatLine(report)].map((n) => `<p>${text(n)}</p>`).join("")}</div>`,
    `<main>`,
    filterForm(new Set(report.failures.map((f) => f.check))),
    "",
  ].join("\n");
  for (const endpoint of new Set(report.checks.map((c) => c.endpoint))) {
    yield `<section class="endpoint"><h2><code>${text(endpoint)}</code></h2>`;
    const checks = report.checks.filter((c) => c.endpoint === endpoint);
    // Failing checks first, then warnings, then the ones that passed.
    const order = { failed: 0, warned: 1, passed: 2 } as const;
    for (const check of [...checks].sort((a, b) => order[a.outcome] - order[b.outcome])) yield* checkBlock(check);
    yield `</section>\n`;
  }
  yield `</main><script>${REPORT_SCRIPT}</script></body></html>\n`;
}

export function toFuzzHtmlReport(report: FuzzReport): string {
  let html = "";
  for (const piece of fuzzHtmlPieces(report)) html += piece;
  return html;
}

export async function writeFuzzHtmlReport(out: TextSink, report: FuzzReport): Promise<void> {
  await writeHtmlPieces(out, fuzzHtmlPieces(report));
}

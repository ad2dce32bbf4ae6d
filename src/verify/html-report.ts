// Renders a verification report as one self-contained HTML page: verdict, counts and time per check
// group, then findings by endpoint, check and rule, each with its JSON path, what was expected and
// found (the finding's message) and the request it came from. Everything is rendered here, so the
// page reads on file:// with scripts off; the inline script only filters. A Content-Security-Policy
// admits only that one style and script (by hash) and no fetch at all. Every string from the
// provider or the run is escaped, and credentials in URLs are redacted.
import { createHash } from "node:crypto";
import { plural } from "../check/format-findings.js";
import { REPORT_CSS, REPORT_SCRIPT } from "./html/assets.js";
import { escapeHtml, redactUrls } from "./html/escape.js";
import type { TextSink } from "../io/text-sink.js";
import { verdictLine } from "./format-report.js";
import { CHECK_GROUPS, type CheckGroup, type CheckResult, type VerificationFinding, type VerificationReport } from "./report.js";

/** Escaped, with URLs' credentials redacted: for every string that may come from the provider. */
export const text = (value: string): string => escapeHtml(redactUrls(value));

export const sha256 = (source: string): string => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

const MARK: Record<CheckResult["outcome"], string> = { passed: "ok", warned: "warn", failed: "FAIL", skipped: "skip" };

export const milliseconds = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** `GET https://host/api/evaluations?app_id=...`: the finding's own request, else the check's endpoint with the app id filled in. */
function requestUrl(report: VerificationReport, check: CheckResult, finding: VerificationFinding): string {
  const request = finding.request ?? check.endpoint.replace("{app_id}", report.appId ?? "{app_id}");
  const space = request.indexOf(" ");
  const [method, path] = space === -1 ? ["", request] : [request.slice(0, space + 1), request.slice(space + 1)];
  return path.startsWith("/") ? `${method}${report.baseUrl}${path}` : request;
}

/** How many findings one stands for: itself and those counted past the per-check bound. */
const weight = (f: VerificationFinding): number => 1 + (f.omitted ?? 0);

function groupRows(report: VerificationReport): string {
  const rows = CHECK_GROUPS.map((group: CheckGroup) => {
    const checks = report.checks.filter((c) => c.group === group);
    if (checks.length === 0) return "";
    const count = (outcome: CheckResult["outcome"]): number => checks.filter((c) => c.outcome === outcome).length;
    let errors = 0;
    let warnings = 0;
    for (const check of checks)
      for (const f of check.findings) {
        if (f.severity === "error") errors += weight(f);
        else warnings += weight(f);
      }
    const cells = [checks.length, count("passed"), count("warned"), count("failed"), count("skipped"), errors, warnings];
    // Checks run concurrently: the group took as long as its longest check.
    const time = milliseconds(Math.max(...checks.map((c) => c.durationMs)));
    return `<tr><th scope="row">${group}</th>${cells.map((n) => `<td class="num">${n}</td>`).join("")}<td class="num">${time}</td></tr>`;
  }).join("");
  const head = ["checks", "passed", "warned", "failed", "skipped", "errors", "warnings", "time"].map((h) => `<th class="num">${h}</th>`);
  return `<table class="groups"><thead><tr><th>group</th>${head.join("")}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** A finding's row; `rule` and `url` arrive escaped (shared by many rows: computed once, not per row). */
function findingRow(finding: VerificationFinding, rule: string, url: string): string {
  const severity = finding.severity === "error" ? "error" : "warning";
  return (
    `<tr class="finding" data-severity="${severity}" data-rule="${rule}">` +
    `<td class="sev-${severity}">${severity}</td>` +
    `<td><code>${text(finding.path)}</code></td>` +
    `<td>${text(finding.message)}</td>` +
    `<td><code>${url}</code></td></tr>`
  );
}

interface RuleGroup {
  rule: string;
  errors: VerificationFinding[];
  warnings: VerificationFinding[];
}

/** The check's findings by rule, in one pass (linear: a million findings of one rule stay seconds). */
function byRule(check: CheckResult): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const finding of check.findings) {
    let group = groups.get(finding.rule);
    if (group === undefined) groups.set(finding.rule, (group = { rule: finding.rule, errors: [], warnings: [] }));
    (finding.severity === "error" ? group.errors : group.warnings).push(finding);
  }
  // Rules with errors first: they are what fails the run. The sort is stable: otherwise in check order.
  return [...groups.values()].sort((a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0));
}

/**
 * A rule group: open when it has errors, collapsed to its summary line (rule and counts) when it has
 * warnings only, since hundreds of expanded warnings bury the errors (issue 22). <details> expands
 * on demand with scripts off too. Errors come first inside a group.
 */
function* ruleGroups(report: VerificationReport, check: CheckResult): Generator<string> {
  for (const { rule, errors, warnings } of byRule(check)) {
    const [e, w] = [errors.reduce((n, f) => n + weight(f), 0), warnings.reduce((n, f) => n + weight(f), 0)];
    const tally = [e > 0 ? plural(e, "error") : "", w > 0 ? plural(w, "warning") : ""].filter(Boolean).join(", ");
    const open = errors.length > 0 ? " open" : "";
    yield (
      `<details class="rule-group"${open} data-open="${open === "" ? "no" : "yes"}"><summary><code>${text(rule)}</code> · ${tally}</summary>` +
      `<table><thead><tr><th>severity</th><th>JSON path</th><th>expected / actual</th><th>request</th></tr></thead><tbody>`
    );
    const ruleText = text(rule);
    // Most findings of a check share a handful of requests: each URL is escaped once.
    const urls = new Map<string | undefined, string>();
    const url = (f: VerificationFinding): string => {
      let shown = urls.get(f.request);
      if (shown === undefined) urls.set(f.request, (shown = text(requestUrl(report, check, f))));
      return shown;
    };
    for (const f of errors) yield findingRow(f, ruleText, url(f));
    for (const f of warnings) yield findingRow(f, ruleText, url(f));
    yield `</tbody></table></details>`;
  }
}

function* checkBlock(report: VerificationReport, check: CheckResult): Generator<string> {
  const skip = check.skipReason === undefined ? "" : `<p class="skip-reason">${text(check.skipReason)}</p>`;
  yield (
    `<div class="check outcome-${check.outcome}"><h3><span class="mark mark-${check.outcome}">${MARK[check.outcome]}</span>` +
    `${text(check.check)}<span class="group">${check.group}</span><span class="dur">${milliseconds(check.durationMs)}</span></h3>${skip}`
  );
  yield* ruleGroups(report, check);
  yield `</div>`;
}

function filterBar(report: VerificationReport): string {
  const rules = new Set<string>();
  for (const check of report.checks) for (const finding of check.findings) rules.add(finding.rule);
  return filterForm(rules);
}

/** The filter form the report's script drives (rows `tr.finding` with `data-severity` and `data-rule`). */
export function filterForm(rules: ReadonlySet<string>): string {
  const options = [...rules]
    .sort()
    .map((rule) => `<option value="${text(rule)}">${text(rule)}</option>`)
    .join("");
  return (
    `<form id="filters" hidden role="search"><label><input type="checkbox" name="errors"> errors only</label>` +
    `<label>rule <select name="rule"><option value="">all rules</option>${options}</select></label>` +
    `<label>text <input type="search" name="text" placeholder="path, message, URL"></label><span id="shown"></span></form>`
  );
}

/** What a report page shows above its body: verdict, base URL, verdict line, meta spans (already escaped). */
export interface PageHeader {
  title: string;
  verdict: string;
  baseUrl: string;
  verdictLine: string;
  meta: readonly string[];
}

/**
 * The page from `<!doctype html>` to the meta line: one Content-Security-Policy admitting only the report's
 * stylesheet and filter script (by hash), shared by verify's and fuzz's pages.
 */
export function pageHeader(header: PageHeader): string {
  const csp = `default-src 'none'; style-src ${sha256(REPORT_CSS)}; script-src ${sha256(REPORT_SCRIPT)}; base-uri 'none'; form-action 'none'`;
  const verdict = header.verdict.toUpperCase();
  return [
    `<!doctype html>`,
    `<html lang="en"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${text(header.title)}</title>`,
    `<style>${REPORT_CSS}</style></head><body>`,
    `<header><h1><span class="verdict verdict-${header.verdict}">${verdict}</span> <code>${text(header.baseUrl)}</code></h1>`,
    `<p id="verdict-line">${text(header.verdictLine)}</p>`,
    `<p class="meta">${header.meta.map((span) => `<span>${span}</span>`).join("")}</p>`,
  ].join("\n");
}

/** The report as HTML, piece by piece (each piece small): what writeHtmlReport streams. */
export function* htmlReportPieces(report: VerificationReport): Generator<string> {
  const byEndpoint = new Map<string, CheckResult[]>();
  for (const check of report.checks) {
    const list = byEndpoint.get(check.endpoint);
    if (list === undefined) byEndpoint.set(check.endpoint, [check]);
    else list.push(check);
  }
  const c = report.counts;
  const notes = [...report.notes.map((n) => `Note: ${n}`), ...(report.hint === undefined ? [] : [`Hint: ${report.hint}`])];
  yield [
    pageHeader({
      title: `${report.verdict.toUpperCase()}: verify ${report.baseUrl}`,
      verdict: report.verdict,
      baseUrl: report.baseUrl,
      verdictLine: verdictLine(report),
      meta: [
        `app_id <code>${text(report.appId ?? "none (partial run)")}</code>`,
        `started ${text(report.startedAt)}`,
        milliseconds(report.durationMs),
        plural(report.requests, "request"),
        `Pact: ${report.pact}`,
        report.strict ? "strict: warnings count as errors" : "warnings allowed",
      ],
    }),
    `<p id="counts">${plural(c.checks, "check")}: ${c.passed} passed, ${c.warned} warned, ${c.failed} failed, ${c.skipped} skipped; ` +
      `${plural(c.errors, "error")}, ${plural(c.warnings, "warning")}</p></header>`,
    notes.length === 0 ? "" : `<div class="notes">${notes.map((n) => `<p>${text(n)}</p>`).join("")}</div>`,
    `<main>${groupRows(report)}`,
    filterBar(report),
    "",
  ].join("\n");
  for (const [endpoint, checks] of byEndpoint) {
    yield `<section class="endpoint"><h2><code>${text(endpoint)}</code></h2>`;
    for (const check of checks) yield* checkBlock(report, check);
    yield `</section>\n`;
  }
  yield `</main><script>${REPORT_SCRIPT}</script></body></html>\n`;
}

/** The report as a complete HTML document (UTF-8), with no external resource of any kind. */
export function toHtmlReport(report: VerificationReport): string {
  let html = "";
  for (const piece of htmlReportPieces(report)) html += piece;
  return html;
}

/** Resolves at the sink's next `drain` (the public types need no @types/node, so no events.once). */
const drained = (out: TextSink): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      out.off("drain", done);
      resolve();
    };
    out.on("drain", done);
  });

/**
 * Writes the HTML report to `out` in bounded chunks, waiting whenever it is full: a report of a
 * million findings is larger than one string may be (V8 caps strings near 512 MB).
 */
export async function writeHtmlReport(out: TextSink, report: VerificationReport): Promise<void> {
  await writeHtmlPieces(out, htmlReportPieces(report));
}

/** Writes HTML pieces to `out` in chunks of about 64 KB, waiting whenever it is full (fuzz's report too). */
export async function writeHtmlPieces(out: TextSink, pieces: Iterable<string>): Promise<void> {
  let chunk = "";
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length < 64 * 1024) continue;
    const full = !out.write(chunk);
    chunk = "";
    if (full) await drained(out);
  }
  if (chunk !== "") out.write(chunk);
}

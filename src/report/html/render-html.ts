// The report as one self-contained HTML page: the verdict, the counts (and per check group the
// checks and findings, when the tool has groups), then every section: checks with their findings
// by rule (a rule with errors open, one of warnings only collapsed to its count), tables, lists.
// Everything is rendered here, so the page reads on file:// with scripts off; the inline script
// only filters. Every string from a provider or a file is escaped, and credentials in URLs redacted.
import { plural } from "../../check/format-findings.js";
import type { TextSink } from "../../io/text-sink.js";
import { weight } from "../group-findings.js";
import type { CheckOutcome, CheckSection, ListSection, Report, ReportCheck, ReportFinding, TableSection } from "../model.js";
import { writeChunks } from "../write-chunks.js";
import { REPORT_SCRIPT } from "./assets.js";
import { filterForm, milliseconds, pageHeader, text } from "./page.js";

const MARK: Record<CheckOutcome, string> = { passed: "ok", warned: "warn", failed: "FAIL", skipped: "skip" };

const n = (value: number): string => value.toLocaleString("en-US");

/** `GET https://host/api/evaluations?app_id=...`: the finding's own request, else its section's endpoint with the app id filled in. */
function requestUrl(report: Report, section: CheckSection, finding: ReportFinding): string {
  const baseUrl = report.properties.baseUrl;
  if (baseUrl === undefined) return finding.request ?? "";
  const request = finding.request ?? section.title.replace("{app_id}", report.properties.appId || "{app_id}");
  const space = request.indexOf(" ");
  const [method, path] = space === -1 ? ["", request] : [request.slice(0, space + 1), request.slice(space + 1)];
  return path.startsWith("/") ? `${method}${baseUrl}${path}` : request;
}

const findingsOf = (report: Report, check: ReportCheck): ReportFinding[] =>
  report.findings.slice(check.findings.first, check.findings.first + check.findings.count);

/** Per check group: its checks by outcome, its errors and warnings, and its time (its longest check: checks run concurrently). */
function groupRows(report: Report): string {
  if (report.groups === undefined) return "";
  const checks = report.sections.flatMap((s) => (s.kind === "checks" ? s.checks : []));
  const rows = report.groups
    .map((group) => {
      const mine = checks.filter((c) => c.group === group);
      if (mine.length === 0) return "";
      const count = (outcome: CheckOutcome): number => mine.filter((c) => c.outcome === outcome).length;
      const sum = (field: "errors" | "warnings"): number => mine.reduce((total, c) => total + c[field], 0);
      const cells = [mine.length, count("passed"), count("warned"), count("failed"), count("skipped"), sum("errors"), sum("warnings")];
      const time = milliseconds(Math.max(...mine.map((c) => c.durationMs ?? 0)));
      return `<tr><th scope="row">${text(group)}</th>${cells.map((c) => `<td class="num">${n(c)}</td>`).join("")}<td class="num">${time}</td></tr>`;
    })
    .join("");
  const head = ["checks", "passed", "warned", "failed", "skipped", "errors", "warnings", "time"].map((h) => `<th class="num">${h}</th>`);
  return `<table class="groups"><thead><tr><th>group</th>${head.join("")}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** A finding's row; `rule` and `url` arrive escaped (shared by many rows: computed once, not per row). */
function findingRow(finding: ReportFinding, rule: string, url: string): string {
  const severity = finding.known === true ? "known" : finding.severity;
  const details = (finding.details ?? []).map((line) => `<br><small>${text(line)}</small>`).join("");
  const answer = finding.answer === undefined ? "" : `<br><small>${text(finding.answer)}</small>`;
  const reproduce = finding.reproduce === undefined ? "" : `<br><code>${text(finding.reproduce)}</code>`;
  return (
    `<tr class="finding" data-severity="${severity}" data-rule="${rule}">` +
    `<td class="sev-${severity}">${severity}</td>` +
    `<td><code>${text(finding.path)}</code></td>` +
    `<td>${text(finding.message)}${details}</td>` +
    `<td><code>${url}</code>${answer}${reproduce}</td></tr>`
  );
}

interface RuleGroup {
  rule: string;
  errors: ReportFinding[];
  warnings: ReportFinding[];
  known: ReportFinding[];
}

/** The check's findings by rule, in one pass (linear: a million findings of one rule stay seconds). */
function byRule(findings: readonly ReportFinding[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const finding of findings) {
    let group = groups.get(finding.rule);
    if (group === undefined) groups.set(finding.rule, (group = { rule: finding.rule, errors: [], warnings: [], known: [] }));
    (finding.known === true ? group.known : finding.severity === "error" ? group.errors : group.warnings).push(finding);
  }
  // Rules with errors first: they are what fails the run. The sort is stable: otherwise in check order.
  return [...groups.values()].sort((a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0));
}

/**
 * A rule group: open when it has errors, collapsed to its summary line (rule and counts) when it
 * has none, since hundreds of expanded warnings bury the errors (issue 22). <details> expands on
 * demand with scripts off too. Errors come first inside a group, then warnings, then known ones.
 */
function* ruleGroups(report: Report, section: CheckSection, check: ReportCheck): Generator<string> {
  for (const { rule, errors, warnings, known } of byRule(findingsOf(report, check))) {
    const total = (list: readonly ReportFinding[]): number => list.reduce((sum, f) => sum + weight(f), 0);
    const [e, w, k] = [total(errors), total(warnings), total(known)];
    const tally = [e > 0 ? plural(e, "error") : "", w > 0 ? plural(w, "warning") : "", k > 0 ? `${n(k)} known` : ""]
      .filter(Boolean)
      .join(", ");
    const open = errors.length > 0 ? " open" : "";
    yield (
      `<details class="rule-group"${open} data-open="${open === "" ? "no" : "yes"}"><summary><code>${text(rule)}</code> · ${tally}</summary>` +
      `<table><thead><tr><th>severity</th><th>JSON path</th><th>expected / actual</th><th>request</th></tr></thead><tbody>`
    );
    const ruleText = text(rule);
    // Most findings of a check share a handful of requests: each URL is escaped once.
    const urls = new Map<string | undefined, string>();
    const url = (f: ReportFinding): string => {
      let shown = urls.get(f.request);
      if (shown === undefined) urls.set(f.request, (shown = text(requestUrl(report, section, f))));
      return shown;
    };
    for (const list of [errors, warnings, known]) for (const f of list) yield findingRow(f, ruleText, url(f));
    yield `</tbody></table></details>`;
  }
}

function* checkBlock(report: Report, section: CheckSection, check: ReportCheck): Generator<string> {
  const skip = check.skipReason === undefined ? "" : `<p class="skip-reason">${text(check.skipReason)}</p>`;
  const extent =
    check.durationMs !== undefined ? milliseconds(check.durationMs) : check.requests !== undefined ? plural(check.requests, "request") : "";
  yield (
    `<div class="check outcome-${check.outcome}"><h3><span class="mark mark-${check.outcome}">${MARK[check.outcome]}</span>` +
    `${text(check.check)}<span class="group">${text(check.group ?? report.tool)}</span><span class="dur">${extent}</span></h3>${skip}`
  );
  yield* ruleGroups(report, section, check);
  yield `</div>`;
}

/** One row per item; not seen by a column: `data-severity="error"`, so the filter's "errors only" shows what is missing. */
function tableRow(table: TableSection, row: TableSection["rows"][number]): string {
  const missing = table.columns.some((column) => row.cells[column]?.count === 0);
  const counts = table.columns
    .map((column) => {
      const cell = row.cells[column];
      if (cell === undefined) return `<td class="num">n/a</td>`;
      const first = cell.first === undefined ? "" : `<br><small><code>${text(cell.first)}</code></small>`;
      return `<td class="num${cell.count === 0 ? " sev-warning" : ""}">${n(cell.count)}${first}</td>`;
    })
    .join("");
  const hints = table.columns
    .filter((column) => row.cells[column]?.count === 0)
    .map((column) => `${text(column)}: ${text(row.cells[column]!.hint ?? "")}`)
    .join("<br>");
  return (
    `<tr class="finding" data-severity="${missing ? "error" : "warning"}" data-rule="${text(row.kind)}">` +
    `<td>${text(row.kind)}</td><td><code>${text(row.id)}</code><br>${text(row.label)}</td>${counts}<td>${hints}</td></tr>`
  );
}

function* tableBlock(table: TableSection): Generator<string> {
  yield `<section class="endpoint"><h2><code>${text(table.title)}</code></h2><div class="check"><table><thead><tr><th>kind</th><th>item</th>`;
  yield `${table.columns.map((column) => `<th class="num">${text(column)}</th>`).join("")}<th>how to reach it</th></tr></thead><tbody>`;
  for (const row of table.rows) yield tableRow(table, row);
  yield `</tbody></table></div></section>\n`;
}

const listBlock = (list: ListSection): string =>
  `<section class="list"><h2>${text(list.title)}</h2><ul class="items">${list.items.map((item) => `<li>${text(item)}</li>`).join("")}</ul></section>\n`;

/** What the filter's rule menu offers: every rule of a finding, every kind of a table row. */
function filterRules(report: Report): Set<string> {
  const rules = new Set<string>();
  for (const finding of report.findings) rules.add(finding.rule);
  for (const section of report.sections) if (section.kind === "table") for (const row of section.rows) rules.add(row.kind);
  return rules;
}

/** Stale baseline entries the page lists; the rest are counted. */
const MAX_STALE_LISTED = 100;

function notesBlock(report: Report): string {
  const notes = [...report.notes.map((note) => `Note: ${note}`), ...(report.hint === undefined ? [] : [`Hint: ${report.hint}`])];
  if (report.baseline !== undefined) {
    const { file, known, stale, expired } = report.baseline;
    notes.push(`Baseline ${file}: ${plural(known, "known finding")} (not failing); ${plural(expired, "finding")} past its entry's date`);
    // A page of notes, not 300,000 of them: the whole list is in --json.
    for (const entry of stale.slice(0, MAX_STALE_LISTED))
      notes.push(`Stale baseline entry: remove it from ${file}: ${entry.check} | ${entry.operation} | ${entry.cause}`);
    if (stale.length > MAX_STALE_LISTED)
      notes.push(
        `... and ${(stale.length - MAX_STALE_LISTED).toLocaleString("en-US")} more stale entries (${stale.length.toLocaleString("en-US")} in all: the list is in --json; --prune-baseline removes them)`,
      );
  }
  return notes.length === 0 ? "" : `<div class="notes">${notes.map((note) => `<p>${text(note)}</p>`).join("")}</div>`;
}

/** The report as HTML, piece by piece (each piece small): what writeHtmlReport streams. */
export function* htmlPieces(report: Report): Generator<string> {
  const meta = [
    ...Object.entries(report.properties)
      .filter(([name, value]) => name !== "baseUrl" && value !== "")
      .map(([name, value]) => `${text(name)} <code>${text(value)}</code>`),
    ...(report.startedAt === undefined ? [] : [`started ${text(report.startedAt)}`]),
    ...(report.durationMs === undefined ? [] : [milliseconds(report.durationMs)]),
    ...(report.counts.requests === undefined ? [] : [plural(report.counts.requests, "request")]),
    report.strict ? "strict: warnings count as errors" : "warnings allowed",
  ];
  yield [
    pageHeader({
      title: `${report.verdict.toUpperCase()}: ${report.tool} ${report.subject}`.trimEnd(),
      verdict: report.verdict,
      subject: report.subject,
      verdictLine: report.verdictLine,
      meta,
    }),
    `<p id="counts">${text(report.summary)}</p></header>`,
    notesBlock(report),
    `<main>${groupRows(report)}`,
    filterForm(filterRules(report)),
    "",
  ].join("\n");
  for (const section of report.sections) {
    if (section.kind === "table") yield* tableBlock(section);
    else if (section.kind === "list") yield listBlock(section);
    else {
      yield `<section class="endpoint"><h2><code>${text(section.title)}</code></h2>`;
      for (const check of section.checks) yield* checkBlock(report, section, check);
      yield `</section>\n`;
    }
  }
  yield `</main><script>${REPORT_SCRIPT}</script></body></html>\n`;
}

/** The report as a complete HTML document (UTF-8), with no external resource of any kind. */
export function renderHtml(report: Report): string {
  let html = "";
  for (const piece of htmlPieces(report)) html += piece;
  return html;
}

/**
 * Writes the HTML report to `out` in bounded chunks, waiting whenever it is full: a report of a
 * million findings is larger than one string may be.
 */
export async function writeHtmlReport(out: TextSink, report: Report): Promise<void> {
  await writeChunks(out, htmlPieces(report));
}

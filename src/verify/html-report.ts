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
import { verdictLine } from "./format-report.js";
import { CHECK_GROUPS, type CheckGroup, type CheckResult, type VerificationFinding, type VerificationReport } from "./report.js";

/** Escaped, with URLs' credentials redacted: for every string that may come from the provider. */
const text = (value: string): string => escapeHtml(redactUrls(value));

const sha256 = (source: string): string => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

const MARK: Record<CheckResult["outcome"], string> = { passed: "ok", warned: "warn", failed: "FAIL", skipped: "skip" };

const milliseconds = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** `GET https://host/api/evaluations?app_id=...`: the finding's own request, else the check's endpoint with the app id filled in. */
function requestUrl(report: VerificationReport, check: CheckResult, finding: VerificationFinding): string {
  const request = finding.request ?? check.endpoint.replace("{app_id}", report.appId ?? "{app_id}");
  const space = request.indexOf(" ");
  const [method, path] = space === -1 ? ["", request] : [request.slice(0, space + 1), request.slice(space + 1)];
  return path.startsWith("/") ? `${method}${report.baseUrl}${path}` : request;
}

function groupRows(report: VerificationReport): string {
  const rows = CHECK_GROUPS.map((group: CheckGroup) => {
    const checks = report.checks.filter((c) => c.group === group);
    if (checks.length === 0) return "";
    const count = (outcome: CheckResult["outcome"]): number => checks.filter((c) => c.outcome === outcome).length;
    const findings = checks.flatMap((c) => c.findings);
    const errors = findings.filter((f) => f.severity === "error").length;
    const cells = [checks.length, count("passed"), count("warned"), count("failed"), count("skipped"), errors, findings.length - errors];
    // Checks run concurrently: the group took as long as its longest check.
    const time = milliseconds(Math.max(...checks.map((c) => c.durationMs)));
    return `<tr><th scope="row">${group}</th>${cells.map((n) => `<td class="num">${n}</td>`).join("")}<td class="num">${time}</td></tr>`;
  }).join("");
  const head = ["checks", "passed", "warned", "failed", "skipped", "errors", "warnings", "time"].map((h) => `<th class="num">${h}</th>`);
  return `<table class="groups"><thead><tr><th>group</th>${head.join("")}</tr></thead><tbody>${rows}</tbody></table>`;
}

function findingRow(report: VerificationReport, check: CheckResult, finding: VerificationFinding): string {
  const severity = finding.severity === "error" ? "error" : "warning";
  return (
    `<tr class="finding" data-severity="${severity}" data-rule="${text(finding.rule)}">` +
    `<td class="sev-${severity}">${severity}</td>` +
    `<td><code>${text(finding.path)}</code></td>` +
    `<td>${text(finding.message)}</td>` +
    `<td><code>${text(requestUrl(report, check, finding))}</code></td></tr>`
  );
}

function ruleGroups(report: VerificationReport, check: CheckResult): string {
  const byRule = new Map<string, VerificationFinding[]>();
  for (const finding of check.findings) byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);
  // Rules with errors first: they are what fails the run.
  const errors = (list: VerificationFinding[]): number => list.filter((f) => f.severity === "error").length;
  return [...byRule]
    .sort(([, a], [, b]) => Number(errors(b) > 0) - Number(errors(a) > 0))
    .map(([rule, findings]) => {
      const e = errors(findings);
      const w = findings.length - e;
      const tally = [e > 0 ? plural(e, "error") : "", w > 0 ? plural(w, "warning") : ""].filter(Boolean).join(", ");
      return (
        `<details class="rule-group" open><summary><code>${text(rule)}</code> · ${tally}</summary>` +
        `<table><thead><tr><th>severity</th><th>JSON path</th><th>expected / actual</th><th>request</th></tr></thead><tbody>` +
        findings.map((f) => findingRow(report, check, f)).join("") +
        `</tbody></table></details>`
      );
    })
    .join("");
}

function checkBlock(report: VerificationReport, check: CheckResult): string {
  const skip = check.skipReason === undefined ? "" : `<p class="skip-reason">${text(check.skipReason)}</p>`;
  return (
    `<div class="check outcome-${check.outcome}"><h3><span class="mark mark-${check.outcome}">${MARK[check.outcome]}</span>` +
    `${text(check.check)}<span class="group">${check.group}</span><span class="dur">${milliseconds(check.durationMs)}</span></h3>` +
    `${skip}${ruleGroups(report, check)}</div>`
  );
}

function filterBar(report: VerificationReport): string {
  const rules = [...new Set(report.checks.flatMap((c) => c.findings.map((f) => f.rule)))].sort();
  const options = rules.map((rule) => `<option value="${text(rule)}">${text(rule)}</option>`).join("");
  return (
    `<form id="filters" hidden role="search"><label><input type="checkbox" name="errors"> errors only</label>` +
    `<label>rule <select name="rule"><option value="">all rules</option>${options}</select></label>` +
    `<label>text <input type="search" name="text" placeholder="path, message, URL"></label><span id="shown"></span></form>`
  );
}

/** The report as a complete HTML document (UTF-8), with no external resource of any kind. */
export function toHtmlReport(report: VerificationReport): string {
  const endpoints = [...new Set(report.checks.map((c) => c.endpoint))];
  const sections = endpoints.map(
    (endpoint) =>
      `<section class="endpoint"><h2><code>${text(endpoint)}</code></h2>` +
      report.checks
        .filter((c) => c.endpoint === endpoint)
        .map((c) => checkBlock(report, c))
        .join("") +
      `</section>`,
  );
  const c = report.counts;
  const notes = [...report.notes.map((n) => `Note: ${n}`), ...(report.hint === undefined ? [] : [`Hint: ${report.hint}`])];
  const csp = `default-src 'none'; style-src ${sha256(REPORT_CSS)}; script-src ${sha256(REPORT_SCRIPT)}; base-uri 'none'; form-action 'none'`;
  return [
    `<!doctype html>`,
    `<html lang="en"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${report.verdict.toUpperCase()}: verify ${text(report.baseUrl)}</title>`,
    `<style>${REPORT_CSS}</style></head><body>`,
    `<header><h1><span class="verdict verdict-${report.verdict}">${report.verdict.toUpperCase()}</span> <code>${text(report.baseUrl)}</code></h1>`,
    `<p id="verdict-line">${text(verdictLine(report))}</p>`,
    `<p class="meta"><span>app_id <code>${text(report.appId ?? "none (partial run)")}</code></span><span>started ${text(report.startedAt)}</span>` +
      `<span>${milliseconds(report.durationMs)}</span><span>${plural(report.requests, "request")}</span><span>Pact: ${report.pact}</span>` +
      `<span>${report.strict ? "strict: warnings count as errors" : "warnings allowed"}</span></p>`,
    `<p id="counts">${plural(c.checks, "check")}: ${c.passed} passed, ${c.warned} warned, ${c.failed} failed, ${c.skipped} skipped; ` +
      `${plural(c.errors, "error")}, ${plural(c.warnings, "warning")}</p></header>`,
    notes.length === 0 ? "" : `<div class="notes">${notes.map((n) => `<p>${text(n)}</p>`).join("")}</div>`,
    `<main>${groupRows(report)}`,
    filterBar(report),
    ...sections,
    `</main><script>${REPORT_SCRIPT}</script></body></html>`,
    "",
  ].join("\n");
}

// The pieces every report page shares: escaped text, the page's head with its one
// Content-Security-Policy (the report's stylesheet and filter script admitted by hash, nothing
// else: no fetch, no other script), and the filter form the script drives.
import { createHash } from "node:crypto";
import { REPORT_CSS, REPORT_SCRIPT } from "./assets.js";
import { redactSecrets } from "../../io/redact.js";
import { escapeHtml } from "./escape.js";

/** Escaped, with secrets redacted (the one redaction): for every string that may come from a provider or a file. */
export const text = (value: string): string => escapeHtml(redactSecrets(value));

export const sha256 = (source: string): string => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

export const milliseconds = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

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

/** What a report page shows above its body: the verdict, the subject, the verdict line, meta spans (already escaped). */
export interface PageHeader {
  title: string;
  verdict: string;
  subject: string;
  verdictLine: string;
  meta: readonly string[];
}

/** The page from `<!doctype html>` to the meta line. */
export function pageHeader(header: PageHeader): string {
  const csp = `default-src 'none'; style-src ${sha256(REPORT_CSS)}; script-src ${sha256(REPORT_SCRIPT)}; base-uri 'none'; form-action 'none'`;
  return [
    `<!doctype html>`,
    `<html lang="en"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${text(header.title)}</title>`,
    `<style>${REPORT_CSS}</style></head><body>`,
    `<header><h1><span class="verdict verdict-${header.verdict}">${header.verdict.toUpperCase()}</span> <code>${text(header.subject)}</code></h1>`,
    `<p id="verdict-line">${text(header.verdictLine)}</p>`,
    `<p class="meta">${header.meta.map((span) => `<span>${span}</span>`).join("")}</p>`,
  ].join("\n");
}

// Renders findings for people: one line each, aligned, then a summary line. Paths and messages
// quote values from the checked data, so control characters are escaped (escape-control.ts).
import { escapeControl } from "./escape-control.js";
import { countBySeverity, type Finding } from "./finding.js";

/** "1 error", "2 errors", "5,200 warnings": counts in messages, written one way everywhere (en-US digit groups). */
export const plural = (n: number, noun: string): string => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

/** Paths are padded to the longest one, up to this width. */
const MAX_PATH_WIDTH = 48;

/** The width findings' paths are padded to (a loop, not Math.max(...spread): a million findings overflow the stack). */
export function pathWidth(findings: readonly Finding[]): number {
  let width = 0;
  for (const f of findings) if (f.path.length > width) width = Math.min(MAX_PATH_WIDTH, f.path.length);
  return width;
}

export const formatFinding = (f: Finding, width: number): string =>
  `${f.severity.padEnd(7)} ${escapeControl(f.path).padEnd(width)}  ${f.rule}: ${escapeControl(f.message)}`;

export function formatFindings(findings: readonly Finding[]): string[] {
  const width = pathWidth(findings);
  return findings.map((f) => formatFinding(f, width));
}

export function summarize(findings: readonly Finding[], subject: string): string {
  const { errors, warnings } = countBySeverity(findings);
  return summarizeCounts(errors, warnings, subject);
}

export function summarizeCounts(errors: number, warnings: number, subject: string): string {
  const verdict = errors > 0 ? "does not conform" : "conforms";
  return `${escapeControl(subject)} ${verdict}: ${plural(errors, "error")}, ${plural(warnings, "warning")}`;
}

// Renders findings for people: one line each, aligned, then a summary line.
import { countBySeverity, type Finding } from "./finding.js";

/** "1 error", "2 errors": counts in messages, written one way everywhere. */
export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

export function formatFindings(findings: readonly Finding[]): string[] {
  const pathWidth = Math.min(48, Math.max(0, ...findings.map((f) => f.path.length)));
  return findings.map((f) => `${f.severity.padEnd(7)} ${f.path.padEnd(pathWidth)}  ${f.rule}: ${f.message}`);
}

export function summarize(findings: readonly Finding[], subject: string): string {
  const { errors, warnings } = countBySeverity(findings);
  const verdict = errors > 0 ? "does not conform" : "conforms";
  return `${subject} ${verdict}: ${plural(errors, "error")}, ${plural(warnings, "warning")}`;
}

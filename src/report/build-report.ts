// Puts a report together from a tool's sections: the findings of every check into the report's one
// list (in section and check order, each check holding its range), the counts from the checks and
// findings, the version, and the summary line written one way for every tool. Every text a provider
// or a file may have put in it (messages, causes, answers, reproducers, notes, baseline entries) is
// redacted here, once (src/io/redact.ts): text, JSON, JUnit and HTML render nothing else.
import { plural } from "../check/format-findings.js";
import { redactSecrets } from "../io/redact.js";
import { weight } from "./group-findings.js";
import type { CheckSection, Report, ReportCheck, ReportCounts, ReportFinding, ReportSection } from "./model.js";
import { toolkitVersion } from "../io/toolkit-version.js";

/** A check as a tool hands it over: its findings themselves, counted here. */
export interface DraftCheck extends Omit<ReportCheck, "errors" | "warnings" | "known" | "findings"> {
  findings: readonly ReportFinding[];
}

export interface DraftCheckSection extends Omit<CheckSection, "checks"> {
  checks: DraftCheck[];
}

export type DraftSection = DraftCheckSection | Exclude<ReportSection, CheckSection>;

export interface ReportDraft extends Omit<Report, "version" | "counts" | "summary" | "sections" | "findings"> {
  sections: DraftSection[];
  /** Requests sent to the provider (verify, fuzz). */
  requests?: number;
  /** What follows the counts on the summary line (`; 32 requests in 0.11 s`). */
  summaryTail?: string;
  /** The whole summary line, for a tool whose counts are no findings (coverage's totals). */
  summary?: string;
}

/** `16 checks: 13 passed, 3 warned, 0 failed, 0 skipped; 0 errors, 601 warnings`: the counts, the same words in every report. */
export function countsLine(counts: ReportCounts): string {
  const n = (value: number): string => value.toLocaleString("en-US");
  const known = counts.known > 0 ? `, ${n(counts.known)} known (baseline)` : "";
  return (
    `${plural(counts.checks, "check")}: ${n(counts.passed)} passed, ${n(counts.warned)} warned, ${n(counts.failed)} failed, ` +
    `${n(counts.skipped)} skipped; ${plural(counts.errors, "error")}, ${plural(counts.warnings, "warning")}${known}`
  );
}

/** `{ name: value }`, or nothing for a value the tool's report does not carry (an older or a newer shape). */
export const optional = (name: string, value: string | undefined): Record<string, string> => (value === undefined ? {} : { [name]: value });

/** `32 requests in 0.11 s`. */
export const requestsIn = (requests: number, durationMs: number): string =>
  `${plural(requests, "request")} in ${(durationMs / 1000).toFixed(2)} s`;

const redactAll = (lines: readonly string[]): string[] => lines.map(redactSecrets);

/** A finding's texts redacted; `sent` (the request exactly as fuzz sent it, what a replay sends again) kept. */
function redactFinding(finding: ReportFinding): ReportFinding {
  const out: ReportFinding = { ...finding, message: redactSecrets(finding.message) };
  if (finding.cause !== undefined) out.cause = redactSecrets(finding.cause);
  if (finding.request !== undefined) out.request = redactSecrets(finding.request);
  if (finding.answer !== undefined) out.answer = redactSecrets(finding.answer);
  if (finding.reproduce !== undefined) out.reproduce = redactSecrets(finding.reproduce);
  if (finding.details !== undefined) out.details = redactAll(finding.details);
  return out;
}

/** A section's texts that may quote a provider or a file (coverage's lines and first requests) redacted. */
function redactSection(section: DraftSection): DraftSection {
  if (section.kind === "list") return { ...section, items: redactAll(section.items) };
  if (section.kind !== "table") return section;
  const rows = section.rows.map((row) => ({
    ...row,
    cells: Object.fromEntries(
      Object.entries(row.cells).map(([column, cell]) => [
        column,
        cell.first === undefined ? cell : { ...cell, first: redactSecrets(cell.first) },
      ]),
    ),
  }));
  return { ...section, rows };
}

export function buildReport(draft: ReportDraft): Report {
  const { sections: unredacted, requests, summaryTail, summary, ...head0 } = draft;
  const drafts = unredacted.map(redactSection);
  const rest = {
    ...head0,
    subject: redactSecrets(head0.subject),
    intro: redactAll(head0.intro),
    notes: redactAll(head0.notes),
    ...(head0.hint === undefined ? {} : { hint: redactSecrets(head0.hint) }),
    ...(head0.baseline === undefined
      ? {}
      : { baseline: { ...head0.baseline, stale: head0.baseline.stale.map((entry) => ({ ...entry, cause: redactSecrets(entry.cause) })) } }),
  };
  const findings: ReportFinding[] = [];
  const counts: ReportCounts = { checks: 0, passed: 0, warned: 0, failed: 0, skipped: 0, errors: 0, warnings: 0, known: 0 };
  const sections = drafts.map((section): ReportSection => {
    if (section.kind !== "checks") return section;
    const checks = section.checks.map(({ findings: own, ...check }): ReportCheck => {
      const tally = { errors: 0, warnings: 0, known: 0 };
      const first = findings.length;
      for (const unredactedFinding of own) {
        const finding = redactFinding(unredactedFinding);
        findings.push(finding);
        if (finding.known === true) tally.known += weight(finding);
        else if (finding.severity === "error") tally.errors += weight(finding);
        else tally.warnings += weight(finding);
      }
      counts.checks++;
      counts[check.outcome]++;
      counts.errors += tally.errors;
      counts.warnings += tally.warnings;
      counts.known += tally.known;
      return { ...check, ...tally, findings: { first, count: own.length } };
    });
    return { ...section, checks };
  });
  if (requests !== undefined) counts.requests = requests;
  const { tool, observations, coverage, ...head } = rest;
  return {
    tool,
    version: toolkitVersion(),
    ...head,
    counts,
    summary: summary ?? `${countsLine(counts)}${summaryTail ?? ""}`,
    sections,
    findings,
    ...(coverage === undefined ? {} : { coverage }),
    ...(observations === undefined ? {} : { observations }),
  };
}

// The report for people, in a terminal: what ran, then each section (a section whose checks all
// passed is one line; the others list each check that did not pass, with its errors folded by
// kind, then the ones that passed on one line), the warnings of the whole run folded by rule, one line each with its count, the notes, the
// counts and the verdict. A PASS of a conforming provider fits one screen. Every value from a
// provider or a file is escaped for the terminal.
import { escapeControl } from "../check/escape-control.js";
import { pathPattern } from "../engine/finding.js";
import { plural } from "../check/format-findings.js";
import { foldByRule, groupedFindingLines, groupFindings, type RuleFold } from "./group-findings.js";
import type { CheckOutcome, CheckSection, Report, ReportCheck, ReportFinding, TableSection } from "./model.js";

const MARK: Record<CheckOutcome, string> = { passed: "ok  ", warned: "warn", failed: "FAIL", skipped: "skip" };

/** Longer reproducers stay in --json and --html: a 10 KB line helps no one in a terminal. */
const MAX_REPRODUCE_SHOWN = 2000;

export interface TextOptions {
  /** Kinds of error shown per check; the rest are counted (every finding is in --json and --html). Default 10. */
  maxFindingsPerCheck?: number;
}

/** ` (2 errors, 3 warnings in 300 requests)`: what a check found, in words. */
function tally(check: ReportCheck): string {
  const parts = [
    check.errors > 0 ? plural(check.errors, "error") : "",
    check.warnings > 0 ? plural(check.warnings, "warning") : "",
    check.known > 0 ? `${check.known.toLocaleString("en-US")} known` : "",
  ].filter((part) => part !== "");
  if (parts.length === 0) return "";
  return ` (${parts.join(", ")}${check.requests === undefined ? "" : ` in ${plural(check.requests, "request")}`})`;
}

/** A section title that is a template of many requests (`{evaluation_id}`, not just the app id): name each finding's request. */
const coversManyRequests = (title: string): boolean => /\{(?!app_id\})[^}]+\}/.test(title);

function errorLines(report: Report, section: CheckSection, check: ReportCheck, max: number): string[] {
  const own = report.findings.slice(check.findings.first, check.findings.first + check.findings.count);
  const groups = groupFindings(own.filter((f) => f.severity === "error" && f.known !== true));
  const shown = groups.slice(0, max);
  const blocks = shown.some((g) => g.finding.details !== undefined || g.finding.reproduce !== undefined);
  const lines: string[] = [];
  groupedFindingLines(shown, coversManyRequests(section.title) && !blocks).forEach((line, i) => {
    lines.push(`        ${line}`);
    const finding = shown[i]!.finding;
    for (const detail of finding.details ?? []) lines.push(`          ${detail}`);
    if (finding.reproduce !== undefined)
      lines.push(
        finding.reproduce.length <= MAX_REPRODUCE_SHOWN
          ? `          ${finding.reproduce}`
          : `          (the reproducing line is ${finding.reproduce.length.toLocaleString("en-US")} characters: in --json and --html)`,
      );
  });
  if (groups.length > shown.length)
    lines.push(`        ... and ${plural(groups.length - shown.length, "more kind")} of error (see --json)`);
  return lines;
}

function checksLines(report: Report, section: CheckSection, max: number): string[] {
  const passed = section.checks.filter((c) => c.outcome === "passed").map((c) => c.check);
  const others = section.checks.filter((c) => c.outcome !== "passed");
  if (others.length === 0) return [`${section.title}  ok: ${passed.join(", ")}`];
  const lines = [section.title];
  for (const check of others) {
    const skip = check.skipReason === undefined ? "" : ` (${check.skipReason})`;
    lines.push(`  ${MARK[check.outcome]}  ${check.check}${skip}${tally(check)}`, ...errorLines(report, section, check, max));
  }
  if (passed.length > 0) lines.push(`  ok    ${passed.join(", ")}`);
  return lines;
}

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** A table's lines: a header with the columns, then a row per item, the labels padded to `width`. */
function tableLines(section: TableSection, width: number): string[] {
  const showFirst = section.columns.length === 1;
  const lines = [
    `${section.title.padEnd(width + 10)}${section.columns.map((c) => c.padStart(10)).join("")}${showFirst ? "  first request" : ""}`,
  ];
  for (const row of section.rows) {
    const counts = section.columns
      .map((column) => {
        const cell = row.cells[column];
        return (cell === undefined ? "n/a" : cell.count === 0 ? "-" : cell.count.toLocaleString("en-US")).padStart(10);
      })
      .join("");
    const first = showFirst ? `  ${cut(row.cells[section.columns[0]!]?.first ?? "", 70)}` : "";
    lines.push(`  ${row.kind.padEnd(8)}${row.label.padEnd(width)}${counts}${first}`.trimEnd());
  }
  return lines;
}

/** `  null-optional  255 times  optional field is null; ...  (first at $[*].status.error in GET /evaluations?app_id={app_id})`. */
function foldLines(folds: readonly RuleFold[]): string[] {
  const ruleWidth = folds.reduce((w, f) => Math.max(w, f.rule.length), 0);
  const counts = folds.map((f) => plural(f.count, "time"));
  const countWidth = counts.reduce((w, c) => Math.max(w, c.length), 0);
  return folds.map((fold, i) => {
    const at = fold.first.path === "" || fold.first.path === "$" ? "" : ` at ${pathPattern(fold.first.path)}`;
    return `  ${fold.rule.padEnd(ruleWidth)}  ${counts[i]!.padStart(countWidth)}  ${fold.first.message}  (first${at} in ${fold.where})`;
  });
}

/** The findings of every check section that `keep` selects, each with its section's title. */
function* findingsWhere(report: Report, keep: (finding: ReportFinding) => boolean): Generator<{ finding: ReportFinding; where: string }> {
  for (const section of report.sections) {
    if (section.kind !== "checks") continue;
    for (const check of section.checks)
      for (let i = check.findings.first; i < check.findings.first + check.findings.count; i++) {
        const finding = report.findings[i]!;
        if (keep(finding)) yield { finding, where: section.title };
      }
  }
}

/** Stale entries listed one line each up to this many; past it, one line with their count (the list: --json). */
export const MAX_STALE_SHOWN = 5;

/** What the terminal says of the stale entries: a line each when few, one line with their count when many. */
export function staleLines(file: string, stale: NonNullable<Report["baseline"]>["stale"]): string[] {
  if (stale.length > MAX_STALE_SHOWN)
    return [
      `Stale baseline entries: ${stale.length.toLocaleString("en-US")} entries of ${file} match no finding of this run: remove them (--prune-baseline; the list is in --json)`,
    ];
  return stale.map(
    (entry) =>
      `Stale baseline entry (no such finding in this run): remove it from ${file}: ${entry.check} | ${entry.operation} | ${entry.cause}`,
  );
}

export function renderText(report: Report, options: TextOptions = {}): string[] {
  const max = options.maxFindingsPerCheck ?? 10;
  const lines = [...report.intro];
  const blank = (): void => void (lines.at(-1) !== "" && lines.push(""));
  const width = report.sections.reduce((w, s) => (s.kind === "table" ? s.rows.reduce((v, r) => Math.max(v, r.label.length), w) : w), 0) + 2;
  report.sections.forEach((section, i) => {
    const previous = report.sections[i - 1];
    if (section.kind === "table") {
      blank();
      lines.push(...tableLines(section, width));
    } else if (section.kind === "list") {
      if (previous?.kind !== "list") blank();
      lines.push(section.title, ...section.items.map((item) => `  ${item}`));
    } else {
      // Sections of checks follow each other: a title at the margin, its checks indented.
      if (i === 0 || previous?.kind !== "checks") blank();
      lines.push(...checksLines(report, section, max));
    }
  });
  const warnings = foldByRule(findingsWhere(report, (f) => f.severity === "warning" && f.known !== true));
  if (warnings.length > 0) {
    blank();
    lines.push(`Warnings, folded by rule (allowed: they fail nothing; every one is in --json and --html):`, ...foldLines(warnings));
  }
  const known = foldByRule(findingsWhere(report, (f) => f.known === true));
  if (known.length > 0) {
    blank();
    lines.push(`Known findings, folded by rule (listed in the baseline: reported, not failing):`, ...foldLines(known));
  }
  blank();
  for (const note of report.notes) lines.push(`Note: ${note}`);
  if (report.hint !== undefined) lines.push(`Hint: ${report.hint}`);
  if (report.baseline !== undefined) {
    const { file, known: count, stale, expired } = report.baseline;
    const again = expired > 0 ? `; ${plural(expired, "finding")} past its entry's date, failing again` : "";
    lines.push(`Baseline ${file}: ${plural(count, "known finding")} (not failing)${again}`);
    lines.push(...staleLines(file, stale));
  }
  lines.push(report.summary, report.verdictLine);
  return lines.map(escapeControl);
}

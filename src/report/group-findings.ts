// Findings folded for people (the text and JUnit reports; --json keeps each): the same rule at the
// same place of every record (`$[*].created_at`) is one line with its count, so a provider with
// naive timestamps does not print a line per record.
import { formatFindings, plural } from "../check/format-findings.js";
import { pathPattern } from "../engine/finding.js";
import type { ReportFinding } from "./model.js";

export interface FindingGroup {
  finding: ReportFinding;
  /** The findings of the group (one that stands for `omitted` others says so in its message). */
  count: number;
}

/** How many findings one stands for: itself and those counted past a check's bound. */
export const weight = (finding: Pick<ReportFinding, "omitted">): number => 1 + (finding.omitted ?? 0);

/**
 * One group per kind of finding: severity, rule, path pattern and cause when the finding names one
 * (two fuzz faults of one check are two lines). Two findings of one rule at the very same place
 * (same path, same request) with other messages are different faults (two Pact mismatches at `$`),
 * not a repeat: each keeps its own line. Errors first: they must not hide behind a display limit.
 */
export function groupFindings(findings: readonly ReportFinding[]): FindingGroup[] {
  const groups = new Map<string, { first: ReportFinding; pattern: string; count: number; places: Set<string> }>();
  for (const finding of findings) {
    const pattern = pathPattern(finding.path);
    const place = `${finding.path} ${finding.request ?? ""}`;
    const kind = `${finding.severity}|${finding.known === true}|${finding.rule}|${pattern}|${finding.cause ?? ""}`;
    const same = groups.get(kind);
    const another = same !== undefined && same.places.has(place) && same.first.message !== finding.message;
    const key = another ? `${kind}|${finding.message}` : kind;
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.places.add(place);
    } else groups.set(key, { first: finding, pattern, count: 1, places: new Set([place]) });
  }
  // A kind seen once keeps its real path; a repeated one shows the pattern.
  return [...groups.values()]
    .map(({ first, pattern, count }) => ({ finding: count === 1 ? first : { ...first, path: pattern }, count }))
    .sort((a, b) => Number(a.finding.severity === "warning") - Number(b.finding.severity === "warning"));
}

/**
 * The lines of grouped findings: path, rule, message, then where they came from: `(N times, first
 * REQUEST)` for a group, `[REQUEST]` for a single finding when `withRequest` says to show it.
 */
export function groupedFindingLines(groups: readonly FindingGroup[], withRequest: boolean): string[] {
  return formatFindings(groups.map((g) => g.finding)).map((line, i) => {
    const { finding, count } = groups[i]!;
    const request = withRequest ? finding.request : undefined;
    const shown = finding.path === "" ? line.replace(/^(\S+) {2,}/, (_, severity: string) => `${severity.padEnd(7)} `) : line;
    if (count > 1) return `${shown}  (${plural(count, "time")}${request === undefined ? "" : `, first ${request}`})`;
    return request === undefined ? shown : `${shown}  [${request}]`;
  });
}

export interface RuleFold {
  rule: string;
  /** The findings of the rule, `omitted` ones included. */
  count: number;
  first: ReportFinding;
  /** Where the first was found: its section's title. */
  where: string;
}

/** Findings folded by rule alone, in the order rules first appear: one line per rule for a whole run. */
export function foldByRule(findings: Iterable<{ finding: ReportFinding; where: string }>): RuleFold[] {
  const folds = new Map<string, RuleFold>();
  for (const { finding, where } of findings) {
    const fold = folds.get(finding.rule);
    if (fold === undefined) folds.set(finding.rule, { rule: finding.rule, count: weight(finding), first: finding, where });
    else fold.count += weight(finding);
  }
  return [...folds.values()];
}

// Text output for many findings: repeated findings (the same severity, the same rule and the same
// message once the values in it are set aside, e.g. 454 naive timestamps, or one field missing
// from 50 records) become one line with a count and the first paths; one-offs keep a line each.
// Errors fold as warnings do (a `--strict` run of 50 records is a few lines, not 500).
// `validate --all` skips the folding.
// Lines are written as format-findings.ts writes them; the folding uses loops (no spreading into
// Math.max or push), so it scales to very long finding lists.
import { escapeControl } from "./escape-control.js";
import type { Finding } from "./finding.js";
import { formatFinding, pathWidth } from "./format-findings.js";

const FIRST_PATHS = 3;

const HAS_DIGIT = /\d/;

/** The message with its values (quoted strings holding digits, numbers) replaced, so repeats compare equal. */
export function messagePattern(message: string): string {
  if (!HAS_DIGIT.test(message)) return message;
  // The common shape, `"<value>" rest` (a timestamp, a value): the value cut off without a regexp,
  // since a realistic file has a hundred thousand of them, each different.
  if (message.charCodeAt(0) === 34 /* " */) {
    const close = message.indexOf('"', 1);
    if (close > 0) {
      const rest = message.slice(close + 1);
      if (!HAS_DIGIT.test(rest) && HAS_DIGIT.test(message.slice(1, close))) return `"…"${rest}`;
    }
  }
  return message.replace(/"[^"]*\d[^"]*"/g, '"…"').replace(/\d+(\.\d+)?/g, "#");
}

interface Group {
  first: Finding;
  count: number;
  paths: string[];
}

export interface FindingFolder {
  /** `pattern`, when given, must be messagePattern(finding.message): the folder then skips working it out. */
  add(finding: Finding, pattern?: string): void;
  /**
   * When a group of this severity, rule and pattern has its first paths already, counts one more
   * and returns true: the finding need not even be made. False: add() it.
   */
  countRepeat(severity: string, rule: string, pattern: string): boolean;
  /** One line per distinct finding; a repeated one's line ends with its count and first paths. */
  lines(): string[];
}

/** Folds findings as they come (none kept but each group's first and its first paths). */
export function createFolder(): FindingFolder {
  const groups: Group[] = [];
  // Grouped by severity and rule, then by message pattern: no key string built per finding.
  const bySeverity = new Map<string, Map<string, Map<string, Group>>>();
  return {
    add(finding, pattern = messagePattern(finding.message)) {
      let byRule = bySeverity.get(finding.severity);
      if (!byRule) bySeverity.set(finding.severity, (byRule = new Map()));
      let byPattern = byRule.get(finding.rule);
      if (!byPattern) byRule.set(finding.rule, (byPattern = new Map()));
      const group = byPattern.get(pattern);
      if (group) {
        group.count += 1;
        if (group.paths.length < FIRST_PATHS) group.paths.push(finding.path);
        return;
      }
      const created: Group = { first: finding, count: 1, paths: [finding.path] };
      groups.push(created);
      byPattern.set(pattern, created);
    },
    countRepeat(severity, rule, pattern) {
      const group = bySeverity.get(severity)?.get(rule)?.get(pattern);
      if (group === undefined || group.paths.length < FIRST_PATHS) return false;
      group.count += 1;
      return true;
    },
    lines() {
      // One line per group, as format-findings writes a finding: aligned to the groups' paths.
      const width = pathWidth(groups.map((group) => group.first));
      const lines: string[] = [];
      for (const { first, count, paths } of groups) {
        const line = formatFinding(first, width);
        if (count === 1) lines.push(line);
        else
          lines.push(
            `${line} (${count.toLocaleString("en-US")} times, at ${escapeControl(paths.join(", "))}${count > paths.length ? ", ..." : ""}; --all lists each)`,
          );
      }
      return lines;
    },
  };
}

/** One line per distinct finding; a repeated one's line ends with its count and first paths. */
export function formatFoldedFindings(findings: readonly Finding[]): string[] {
  const folder = createFolder();
  for (const finding of findings) folder.add(finding);
  return folder.lines();
}

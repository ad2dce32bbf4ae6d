// Text output for many findings: repeated warnings (the same rule and the same message once the
// values in it are set aside, e.g. 454 naive timestamps) become one line with a count and the
// first paths; errors and one-off warnings keep a line each. `validate --all` skips the folding.
// Kept apart from format-findings.ts and written with loops (no spreading into Math.max or push)
// so it scales to very long finding lists.
import { escapeControl } from "./escape-control.js";
import type { Finding } from "./finding.js";

const FIRST_PATHS = 3;
const MAX_PATH_WIDTH = 48;

/** The message with its values (quoted strings holding digits, numbers) replaced, so repeats compare equal. */
export const messagePattern = (message: string): string => message.replace(/"[^"]*\d[^"]*"/g, '"…"').replace(/\d+(\.\d+)?/g, "#");

interface Group {
  first: Finding;
  count: number;
  paths: string[];
}

/** One line per error and per distinct warning; a repeated warning's line ends with its count and first paths. */
export function formatFoldedFindings(findings: readonly Finding[]): string[] {
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  for (const finding of findings) {
    const key = finding.severity === "warning" ? `${finding.rule}\u0000${messagePattern(finding.message)}` : undefined;
    const group = key === undefined ? undefined : byKey.get(key);
    if (group) {
      group.count += 1;
      if (group.paths.length < FIRST_PATHS) group.paths.push(finding.path);
      continue;
    }
    const created: Group = { first: finding, count: 1, paths: [finding.path] };
    groups.push(created);
    if (key !== undefined) byKey.set(key, created);
  }
  let pathWidth = 0;
  for (const group of groups) pathWidth = Math.max(pathWidth, Math.min(MAX_PATH_WIDTH, group.first.path.length));
  const lines: string[] = [];
  for (const { first, count, paths } of groups) {
    // Paths and messages quote the checked data: control characters escaped (escape-control.ts).
    const line = `${first.severity.padEnd(7)} ${escapeControl(first.path).padEnd(pathWidth)}  ${first.rule}: ${escapeControl(first.message)}`;
    if (count === 1) lines.push(line);
    else
      lines.push(
        `${line} (${count.toLocaleString("en-US")} times, at ${escapeControl(paths.join(", "))}${count > paths.length ? ", ..." : ""}; --all lists each)`,
      );
  }
  return lines;
}

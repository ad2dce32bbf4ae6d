// A check's findings, bounded: the first MAX_FINDINGS_PER_CHECK are kept, the rest counted per rule
// and severity (a list of a million broken records would otherwise hold tens of millions of
// findings: a 4.5 GB heap abort, issue 23).
import type { Severity } from "../check/finding.js";
import type { ProviderFinding } from "./finding.js";

export const MAX_FINDINGS_PER_CHECK = 10_000;

/**
 * Keeps the first `limit` findings added; the rest are counted per rule and severity, and
 * `findings()` ends with one finding per such rule saying how many more there were (as validate folds).
 */
export interface FindingList {
  add: (finding: ProviderFinding) => void;
  /**
   * add(complete(finding)), with `complete` (which must keep the severity and rule) called only for
   * a finding that is kept or first of its rule: past the bound, most findings are only counted.
   */
  addWith: <F extends { severity: Severity; rule: string }>(finding: F, complete: (finding: F) => ProviderFinding) => void;
  /**
   * True when a finding of this severity and rule would only be counted (the list is full and holds
   * that rule's first past the bound): it is counted here, and the caller need not make it (the
   * checker's Counted shortcut: a list's 200,000 warnings are not each built to be counted).
   */
  countOnly: (severity: Severity, rule: string) => boolean;
  findings: () => ProviderFinding[];
}

/** What findings past the bound are counted by. */
const countedAs = (severity: Severity, rule: string): string => `${severity} ${rule}`;

export function createFindingList(limit = MAX_FINDINGS_PER_CHECK): FindingList {
  const kept: ProviderFinding[] = [];
  const beyond = new Map<string, { first: ProviderFinding; count: number }>();
  const addWith = <F extends { severity: Severity; rule: string }>(f: F, complete: (finding: F) => ProviderFinding): void => {
    if (kept.length < limit) return void kept.push(complete(f));
    const key = countedAs(f.severity, f.rule);
    const seen = beyond.get(key);
    if (seen === undefined) beyond.set(key, { first: complete(f), count: 1 });
    else seen.count++;
  };
  return {
    add: (f) => addWith(f, (same) => same),
    addWith,
    countOnly(severity, rule) {
      if (kept.length < limit) return false;
      const seen = beyond.get(countedAs(severity, rule));
      if (seen !== undefined) seen.count++;
      return seen !== undefined;
    },
    findings: () => [
      ...kept,
      // The same rule and severity as the findings it counts (so the verdict and the rule filters hold).
      ...[...beyond.values()].map(({ first, count }): ProviderFinding => {
        const kind = `${first.rule} ${first.severity}${count === 1 ? "" : "s"}`;
        const message = `and ${count.toLocaleString("en-US")} more ${kind} from ${first.path} on, counted not kept (at most ${limit.toLocaleString("en-US")} findings per check: docs/limits.md); the first: ${first.message}`;
        return { ...first, message, omitted: count - 1 };
      }),
    ],
  };
}

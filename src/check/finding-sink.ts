// Where validate's findings go as they are found, whatever reads the data (a document in memory,
// NDJSON lines, a document streamed record by record): escalated under --strict, counted, and
// either folded (the default text: a million repeats stay a few lines and little memory) or every
// one kept (--all and the report files), up to MAX_KEPT_FINDINGS: past that many, keeping them would
// exhaust memory, and the run stops with one line saying so rather than dying. Pure: runs in browsers too.
import { ToolkitError } from "../errors.js";
import type { Counted } from "./describe-errors.js";
import type { Finding } from "./finding.js";
import { createFolder } from "./fold-findings.js";

/** The most findings kept one by one (--all, --json, --junit, --html): about 0.5 GB of them. */
export const MAX_KEPT_FINDINGS = 2_000_000;

export interface FindingSink {
  /** A finding of the data (`pattern`: messagePattern(finding.message), when known where it was made). */
  readonly found: (finding: Finding, pattern?: string) => void;
  /** The folder's shortcut for repeats (see Counted); undefined when every finding is kept. */
  readonly counted: Counted | undefined;
  readonly errors: number;
  readonly warnings: number;
  /** The folded lines (none when every finding is kept). */
  lines(): string[];
  /** Every finding, in the order found (none when folded). */
  findings(): Finding[];
}

export interface FindingSinkOptions {
  /** Warnings count as errors. */
  strict?: boolean | undefined;
  /** Keep every finding instead of folding them. */
  all?: boolean | undefined;
  /** How many findings may be kept (default MAX_KEPT_FINDINGS). */
  maxKept?: number | undefined;
}

export function createFindingSink(options: FindingSinkOptions = {}): FindingSink {
  const strict = options.strict === true;
  const maxKept = options.maxKept ?? MAX_KEPT_FINDINGS;
  let errors = 0;
  let warnings = 0;
  if (options.all === true) {
    const kept: Finding[] = [];
    return {
      found(f) {
        if (kept.length >= maxKept)
          throw new ToolkitError(
            "E_USAGE",
            `more than ${maxKept.toLocaleString("en-US")} findings: too many to list one by one (--all, --json, --junit, --html); without those options they are folded and counted in bounded memory`,
          );
        const finding = strict && f.severity === "warning" ? { ...f, severity: "error" as const } : f;
        if (finding.severity === "error") errors++;
        else warnings++;
        kept.push(finding);
      },
      counted: undefined,
      get errors() {
        return errors;
      },
      get warnings() {
        return warnings;
      },
      lines: () => [],
      findings: () => kept,
    };
  }
  const folder = createFolder();
  return {
    found(f, pattern) {
      const finding = strict && f.severity === "warning" ? { ...f, severity: "error" as const } : f;
      if (finding.severity === "error") errors++;
      else warnings++;
      folder.add(finding, pattern);
    },
    counted(severity, rule, pattern) {
      const checked = strict ? "error" : severity;
      if (!folder.countRepeat(checked, rule, pattern)) return false;
      if (checked === "error") errors++;
      else warnings++;
      return true;
    },
    get errors() {
      return errors;
    },
    get warnings() {
      return warnings;
    },
    lines: () => folder.lines(),
    findings: () => [],
  };
}

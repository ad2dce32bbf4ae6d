// A baseline: the findings a team accepts for now, so that `verify` and `fuzz` can be adopted on a
// legacy service it cannot fix today (Schemathesis's baseline). A finding whose key (check,
// operation, cause: never a request, an id or a seed) an unexpired entry lists is known and does
// not fail the run; an entry past its `expires` date marks nothing (the finding fails again); an
// entry that matches no finding is stale. Pure functions: the date is an input, never the clock.
// The file itself (Ajv, fs) is baseline-file.ts's.
import { findingKey, type FindingKey, type ProviderFinding } from "./finding.js";

/** One accepted finding, as the file lists it (schemas/baseline.json). */
export interface BaselineEntry extends FindingKey {
  /** YYYY-MM-DD: the entry holds on this day, and from the next day on the finding fails again. */
  expires?: string;
  /** Why the finding is accepted, free text for the people who read the file. */
  reason?: string;
  /**
   * YYYY-MM-DD: the day `--update-baseline` first found nothing for this curated entry (one with a
   * `reason` or `expires`). Kept rather than removed (a person wrote it); `--prune-baseline` removes it;
   * dropped again when its finding comes back.
   */
  stale_since?: string;
}

/** An entry a person wrote something on (`reason`, `expires`): `--update-baseline` never removes it. */
export const isCurated = (entry: BaselineEntry): boolean => entry.reason !== undefined || entry.expires !== undefined;

/** A baseline file's content. */
export interface Baseline {
  $schema?: string;
  entries: BaselineEntry[];
}

/** The baseline schema's `$id`, written as `$schema` into new files (editors validate them). */
export const BASELINE_SCHEMA_ID = "https://evals-contract.dev/schemas/baseline.json";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** True for a YYYY-MM-DD that names a real calendar day (no 2027-02-29, no 2026-04-31). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!);
}

/** A key as one exact string (a cause may hold any character, so no separator is safe). */
const keyId = (key: FindingKey): string => JSON.stringify([key.check, key.operation, key.cause]);

/** True when the entry's date has passed on `today` (both YYYY-MM-DD: they compare as strings). */
export const isExpired = (entry: BaselineEntry, today: string): boolean => entry.expires !== undefined && entry.expires < today;

export interface BaselineOutcome {
  /** The findings, in their order; those an unexpired entry lists carry `known: true`, the others no `known`. */
  findings: ProviderFinding[];
  /** Entries that match no finding of this run, in the file's order: the report says to remove each. */
  stale: BaselineEntry[];
  /** Entries past their `expires` date that match a finding of this run: it fails the run again. */
  expired: BaselineEntry[];
  counts: {
    /** Findings marked known. */
    known: number;
    /** Stale entries. */
    stale: number;
    /** Expired entries. */
    expired: number;
  };
}

/**
 * The run's findings with the baseline applied on `today` (YYYY-MM-DD, given by the caller). Every
 * entry is exactly one of: marking (unexpired, matched), expired (matched, its date passed), stale
 * (matched nothing, expired or not).
 */
export function applyBaseline(findings: readonly ProviderFinding[], baseline: Baseline, today: string): BaselineOutcome {
  if (!isCalendarDate(today)) throw new TypeError(`applyBaseline: today must be a YYYY-MM-DD date, got ${JSON.stringify(today)}`);
  const entries = new Map<string, BaselineEntry>();
  for (const entry of baseline.entries) {
    const id = keyId(entry);
    if (!entries.has(id)) entries.set(id, entry);
  }
  const matched = new Set<BaselineEntry>();
  let known = 0;
  const marked = findings.map((finding): ProviderFinding => {
    const entry = entries.get(keyId(findingKey(finding)));
    if (entry !== undefined) matched.add(entry);
    if (entry !== undefined && !isExpired(entry, today)) {
      known++;
      return { ...finding, known: true };
    }
    if (finding.known === undefined) return finding;
    const { known: _dropped, ...rest } = finding;
    return rest;
  });
  const stale = [...entries.values()].filter((entry) => !matched.has(entry));
  const expired = [...entries.values()].filter((entry) => matched.has(entry) && isExpired(entry, today));
  return { findings: marked, stale, expired, counts: { known, stale: stale.length, expired: expired.length } };
}

/** Orders keys by check, then operation, then cause, by code unit (the same on every machine and locale). */
const compareKeys = (a: FindingKey, b: FindingKey): number => {
  for (const field of ["check", "operation", "cause"] as const) if (a[field] !== b[field]) return a[field] < b[field] ? -1 : 1;
  return 0;
};

export interface BaselineUpdateOptions {
  /** Warnings fail the run too: they get entries. */
  strict?: boolean;
  /** The run's date (YYYY-MM-DD), written as `stale_since` on a curated entry found stale. */
  today?: string;
  /** Add the run's failures (`--update-baseline`); default true. */
  update?: boolean;
  /** Remove the stale entries, curated ones included (`--prune-baseline`); default false. */
  prune?: boolean;
  /**
   * Whether the run judged an entry's check at all (default: every check): an entry of a check that
   * did not run (Pact under `verify --no-pact`) is neither stale nor pruned, and is kept as it is.
   */
  judged?: (key: FindingKey) => boolean;
}

/**
 * What `--update-baseline` (and `--prune-baseline`) write. With `update` (the default): one entry per
 * distinct key of the findings that fail the run without a baseline (errors; warnings too when
 * `strict`), known ones included. Every entry of `previous` that a finding of the run matches is kept,
 * with its `expires` and `reason` (an expired date is kept, not renewed), its `stale_since` dropped.
 * An entry that matches no finding (stale) is dropped when nobody wrote on it; a curated one (a
 * `reason` or an `expires`) is kept, marked `stale_since` today (or the day it was first marked), unless
 * `prune`. Without `update` nothing is added: `prune` alone removes the stale entries and keeps the
 * rest as they are. Sorted by check, operation and cause.
 */
export function baselineFromFindings(
  findings: readonly ProviderFinding[],
  previous?: Baseline,
  options: BaselineUpdateOptions = {},
): Baseline {
  const update = options.update !== false;
  const found = new Set(findings.map((finding) => keyId(findingKey(finding))));
  const entries = new Map<string, BaselineEntry>();
  for (const entry of previous?.entries ?? []) {
    const id = keyId(entry);
    if (entries.has(id)) continue;
    const { stale_since: since, ...rest } = entry;
    if (found.has(id)) entries.set(id, rest);
    else if (options.judged !== undefined && !options.judged(entry)) entries.set(id, entry);
    else if (options.prune === true) continue;
    else if (!update) entries.set(id, entry);
    else if (isCurated(entry)) {
      const day = since ?? options.today;
      if (day === undefined || !isCalendarDate(day))
        throw new TypeError(`baselineFromFindings: today must be a YYYY-MM-DD date to mark a stale entry, got ${JSON.stringify(day)}`);
      entries.set(id, { ...rest, stale_since: day });
    }
  }
  if (update)
    for (const finding of findings) {
      if (finding.severity !== "error" && options.strict !== true) continue;
      const key = findingKey(finding);
      if (!entries.has(keyId(key))) entries.set(keyId(key), key);
    }
  return { $schema: previous?.$schema ?? BASELINE_SCHEMA_ID, entries: [...entries.values()].sort(compareKeys) };
}

/** What the baseline did to the run: how many findings it knew, and its entries no longer found or past their date. */
export interface BaselineSummary {
  /** The file, when the run read one (the CLI's --baseline). */
  file?: string;
  known: number;
  /** Entries that match no finding of this run: remove them from the file. */
  stale: BaselineEntry[];
  /** Entries past their `expires` date whose finding is back to failing the run. */
  expired: BaselineEntry[];
}

// The generator's options, their defaults and their bounds (one place, used by library and CLI).
import { ToolkitError } from "../errors.js";
import { MAX_APPS } from "./object-id.js";
import { TIMESTAMP_STYLES, type TimestampStyle } from "./timestamp.js";

export interface GenerateOptions {
  /** Any integer from 0 to 2^53 - 1; the same seed and options give the same bytes. */
  seed: number;
  /** Number of apps (default 5). The first app gets half of the records; see recordCounts for the empty ones. */
  apps?: number;
  /** Automatic evaluations over all apps (default 100; the first app gets half). */
  evaluations?: number;
  /** Human evaluations over all apps (default 40; the first app gets half). */
  humanEvaluations?: number;
  /** Timestamp serialization (default "naive", the real service's habit). */
  timestamps?: TimestampStyle;
}

export type ResolvedOptions = Required<GenerateOptions>;

export const DEFAULT_SIZES = { apps: 5, evaluations: 100, humanEvaluations: 40 } as const;
/** Upper bound of the record counts: ids hold a 32-bit serial per app. */
export const MAX_RECORDS = 1_000_000_000;

function checkInt(name: string, value: number, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new ToolkitError("E_USAGE", `${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  return value;
}

export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const timestamps = options.timestamps ?? "naive";
  if (!TIMESTAMP_STYLES.includes(timestamps))
    throw new ToolkitError("E_USAGE", `timestamps must be one of ${TIMESTAMP_STYLES.join(", ")}, got ${String(timestamps)}`);
  return {
    seed: checkInt("seed", options.seed, 0, Number.MAX_SAFE_INTEGER),
    apps: checkInt("apps", options.apps ?? DEFAULT_SIZES.apps, 1, MAX_APPS),
    evaluations: checkInt("evaluations", options.evaluations ?? DEFAULT_SIZES.evaluations, 0, MAX_RECORDS),
    humanEvaluations: checkInt("humanEvaluations", options.humanEvaluations ?? DEFAULT_SIZES.humanEvaluations, 0, MAX_RECORDS),
    timestamps,
  };
}

/**
 * How many records each app gets: the app at `emptyIndex` none, the first app half of the total
 * (rounded up), the other apps the rest evenly. Pure arithmetic: counts never depend on draws.
 */
export function shareOut(total: number, apps: number, emptyIndex: number): number[] {
  const counts = new Array<number>(apps).fill(0);
  const sharing = [...counts.keys()].filter((a) => a !== emptyIndex);
  if (sharing.length === 0) return counts;
  const [first, ...others] = sharing;
  counts[first!] = others.length === 0 ? total : Math.ceil(total / 2);
  const rest = total - counts[first!]!;
  others.forEach((a, k) => (counts[a] = Math.floor(rest / others.length) + (k < rest % others.length ? 1 : 0)));
  return counts;
}

/**
 * Per-app counts of a run. With two apps or more the last app has human evaluations but no
 * automatic ones (`GET /evaluations` answers []), and with three or more the one before it has
 * automatic evaluations but no human ones: the empty lists clients must survive, for app ids
 * that really appear in the data.
 */
export function recordCounts(options: ResolvedOptions): { evaluations: number[]; humanEvaluations: number[] } {
  const { apps } = options;
  return {
    evaluations: shareOut(options.evaluations, apps, apps >= 2 ? apps - 1 : -1),
    humanEvaluations: shareOut(options.humanEvaluations, apps, apps >= 3 ? apps - 2 : -1),
  };
}

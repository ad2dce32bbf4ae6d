// The builders' options and how their defaults are found: the seed from a counter per kind of
// record (the same calls in the same order give the same records, run after run), the time from a
// fixed instant (never the clock).
import { didYouMean } from "../did-you-mean.js";
import { ToolkitError } from "../errors.js";
import type { EvaluationCaseId, HumanEvaluationCaseId } from "./cases.js";
import { isPlainData, kindOf, shown } from "./json-data.js";

/** A record with every field optional, at every depth; an array is given whole (it replaces, never merges). */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export interface BuildOptions<Case extends string> {
  /** The client case(s) the record shows, as coverage names them: one id or several that combine. */
  case?: Case | readonly Case[];
  /** Picks ids, variants, values and times; default: the next number of this builder's sequence (1, 2, ...). */
  seed?: number;
  /** The instant the record is built at (created and updated before it; a running one updated seconds before). Default DEFAULT_NOW. */
  now?: string | number | Date;
  /**
   * Takes a status, Result type or evaluation_type that is none of the known values (the seed leaves
   * them open: a test of a client's tolerance needs new ones). Default false: an unknown one is
   * E_DATA_INVALID with a did-you-mean ("EVALUATION_FAILD" is a typo).
   */
  allowUnknown?: boolean;
}
export type EvaluationBuildOptions = BuildOptions<EvaluationCaseId>;
export type HumanEvaluationBuildOptions = BuildOptions<HumanEvaluationCaseId>;

/** The default `now`: mid-2024, when the real service looked like the domain notes say. */
export const DEFAULT_NOW = "2024-07-01T12:00:00Z";

export type RecordKind = "evaluation" | "humanEvaluation";
const sequence: Record<RecordKind, number> = { evaluation: 0, humanEvaluation: 0 };

/** Starts both builders' sequences again at 1 (say, in a `beforeEach`, for records that do not depend on the order of tests). */
export function rewindSequence(): void {
  sequence.evaluation = 0;
  sequence.humanEvaluation = 0;
}

const usage = (message: string): ToolkitError => new ToolkitError("E_USAGE", message);

const OPTION_NAMES = ["case", "seed", "now", "allowUnknown"];

/** The options as an object (none: `{}`); anything else, or a name it does not take (a typo), is E_USAGE. */
export function optionsOf<T extends object>(fn: string, options: T | undefined, names = OPTION_NAMES): Partial<T> {
  if (options === undefined || options === null) return {};
  if (!isPlainData(options)) throw usage(`${fn}: options must be a plain object ({ ${names.join("?, ")}? }), got ${kindOf(options)}`);
  for (const name of Object.keys(options))
    if (!names.includes(name)) {
      const near = didYouMean(name, names);
      const takes = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
      throw usage(`${fn}: unknown option ${shown(name)}${near ? ` (did you mean "${near}"?)` : ""}; it takes ${takes}`);
    }
  const allowUnknown = (options as { allowUnknown?: unknown }).allowUnknown;
  if (allowUnknown !== undefined && typeof allowUnknown !== "boolean")
    throw usage(`${fn}: options.allowUnknown must be true or false, got ${shown(allowUnknown)}`);
  return options;
}

/** The seed given (a whole number from 0), or the next of the sequence of `kind`. */
export function resolveSeed(fn: string, kind: RecordKind, seed: unknown): number {
  if (seed === undefined) return ++sequence[kind];
  if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0)
    throw usage(`${fn}: options.seed must be a whole number from 0, got ${shown(seed)}`);
  return seed;
}

const OFFSET = /(?:[Zz]|[+-]\d\d:?\d\d)$/;
const LATEST_MS = Date.UTC(9999, 0, 1);

/** Epoch milliseconds of `now`; an ISO text without offset is UTC, as the service writes its times. */
export function resolveNow(fn: string, now: unknown): number {
  if (now === undefined) now = DEFAULT_NOW;
  const ms =
    now instanceof Date
      ? now.getTime()
      : typeof now === "number"
        ? now
        : typeof now === "string"
          ? Date.parse(OFFSET.test(now) ? now : `${now}Z`)
          : NaN;
  // Records are created up to 30 days before `now`, written as years 0000-9999.
  if (!Number.isFinite(ms) || ms < Date.UTC(1970, 1) || ms > LATEST_MS)
    throw usage(
      `${fn}: options.now must be an instant from 1970-02-01 to 9999-01-01 (ISO 8601, epoch milliseconds or a Date), got ${shown(now)}`,
    );
  return Math.floor(ms);
}

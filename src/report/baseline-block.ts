// A tool's baseline summary (what `--baseline FILE` did to its run) as the report model's block:
// the stale entries as the keys to remove, the expired ones counted.
import type { ReportBaseline } from "./model.js";

/** What a tool's report says of its baseline, as the model's block (the file named when the tool's summary does not). */
export interface BaselineLike {
  file?: string;
  known: number;
  stale: ReadonlyArray<{ check: string; operation: string; cause: string; expires?: string }>;
  expired: number | readonly unknown[];
}

export function baselineBlock(
  summary: BaselineLike | undefined,
  file = "the baseline",
): { baseline: ReportBaseline } | Record<string, never> {
  if (summary === undefined) return {};
  return {
    baseline: {
      file: summary.file ?? file,
      known: summary.known,
      stale: summary.stale.map(({ check, operation, cause, expires }) => ({
        check,
        operation,
        cause,
        ...(expires === undefined ? {} : { expires }),
      })),
      expired: typeof summary.expired === "number" ? summary.expired : summary.expired.length,
    },
  };
}

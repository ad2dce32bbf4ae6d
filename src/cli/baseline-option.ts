// --baseline FILE and --update-baseline, for verify and fuzz alike: the file read before the run (a
// bad one is one line and exit 2), the run's failing findings written back atomically with
// --update-baseline (each kept entry's `expires` and `reason` kept), and what the report says of it.
import { ToolkitError } from "../errors.js";
import {
  baselineFromFindings,
  readBaseline,
  readBaselineIfExists,
  writeBaseline,
  type Baseline,
  type ProviderFinding,
} from "../verify/index.js";
import type { ParsedArgs } from "./args.js";
import { stringOption } from "./args.js";

export const BASELINE_OPTIONS = {
  baseline: { type: "string" },
  "update-baseline": { type: "boolean" },
} as const;

export interface BaselineChoice {
  /** The file, when one was named. */
  file?: string;
  /** What the run applies: the file's entries (none yet with --update-baseline and no file). */
  baseline?: Baseline;
  update: boolean;
}

/** The baseline the options name, read and checked before the run. */
export async function readBaselineOption(values: ParsedArgs["values"]): Promise<BaselineChoice> {
  const file = stringOption(values, "baseline");
  const update = values["update-baseline"] === true;
  if (file === undefined) {
    if (update) throw new ToolkitError("E_USAGE", "--update-baseline needs --baseline FILE: the file to write the run's failures to");
    return { update };
  }
  if (file === "-")
    throw new ToolkitError("E_USAGE", "--baseline must name a file (it is read, and written with --update-baseline), not -");
  // With --update-baseline the file may not exist yet: the run creates it.
  const baseline = update ? await readBaselineIfExists(file) : await readBaseline(file);
  return { file, update, ...(baseline === undefined ? {} : { baseline }) };
}

/** The baseline today's run would write, and the file written (atomically); the line that says so. */
export async function updateBaselineFile(choice: BaselineChoice, findings: readonly ProviderFinding[], strict: boolean): Promise<string> {
  const next = baselineFromFindings(findings, choice.baseline, { strict });
  await writeBaseline(choice.file!, next);
  const n = next.entries.length;
  return `baseline: wrote ${n.toLocaleString("en-US")} ${n === 1 ? "entry" : "entries"} to ${choice.file} (the run's failures, each known from now on; give each an "expires" date and a "reason")`;
}

/** Today's date in UTC, YYYY-MM-DD: what a baseline's `expires` dates are compared with. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

// --baseline FILE, --update-baseline and --prune-baseline, for verify and fuzz alike: the file read
// before the run (a bad one is one line and exit 2), and rewritten atomically after it only when
// the run could judge the provider: a run that is incomplete (a time limit, a provider gone, too
// few requests, no --app-id), that could not reach an endpoint, or that exits 2 leaves the file
// as it was, byte for byte, and says so in one line (exit 2).
import { escapeControl } from "../check/index.js";
import { ToolkitError } from "../errors.js";
import {
  baselineBytesNow,
  baselineFromFindings,
  readBaseline,
  readBaselineFile,
  writeBaseline,
  type Baseline,
  type ProviderFinding,
} from "../verify/index.js";
import type { ParsedArgs } from "./args.js";
import { stringOption } from "./args.js";
import { EXIT, type ExitCode } from "./exit-codes.js";
import { writeLine, type CliIo } from "./io.js";

export const BASELINE_OPTIONS = {
  baseline: { type: "string" },
  "update-baseline": { type: "boolean" },
  "prune-baseline": { type: "boolean" },
} as const;

export interface BaselineChoice {
  /** The file, when one was named. */
  file?: string;
  /** What the run applies: the file's entries (none yet with --update-baseline and no file). */
  baseline?: Baseline;
  /** --update-baseline: add the run's failures. */
  update: boolean;
  /** --prune-baseline: remove the entries no finding of the run matches. */
  prune: boolean;
  /** The bytes the baseline was read from (none: no file yet): a rewrite refuses a file changed meanwhile. */
  bytes?: Uint8Array;
}

/** The baseline the options name, read and checked before the run. */
export async function readBaselineOption(values: ParsedArgs["values"]): Promise<BaselineChoice> {
  const file = stringOption(values, "baseline");
  const update = values["update-baseline"] === true;
  const prune = values["prune-baseline"] === true;
  if (file === undefined) {
    if (update) throw new ToolkitError("E_USAGE", "--update-baseline needs --baseline FILE: the file to write the run's failures to");
    if (prune) throw new ToolkitError("E_USAGE", "--prune-baseline needs --baseline FILE: the file to remove stale entries from");
    return { update, prune };
  }
  if (file === "-")
    throw new ToolkitError("E_USAGE", "--baseline must name a file (it is read, and written with --update-baseline), not -");
  // With --update-baseline the file may not exist yet: the run creates it. --prune-baseline alone needs one.
  if (!update && !prune) return { file, update, prune, baseline: await readBaseline(file) };
  const read = await readBaselineFile(file);
  if (read === undefined && !update) await readBaseline(file); // --prune-baseline alone: the missing file's one line
  return { file, update, prune, ...(read === undefined ? {} : read) };
}

/** True when the options ask for the file to be rewritten after the run. */
export const rewritesBaseline = (choice: BaselineChoice): boolean => choice.update || choice.prune;

/** A finding that says an endpoint could not be reached at all: what it would have shown is unknown. */
const unreached = (finding: ProviderFinding): boolean =>
  finding.check === "transport" && (finding.cause === "refused" || finding.cause === "unreachable");

export interface BaselineRun {
  /** The exit code the run has without a baseline rewrite. */
  exit: ExitCode;
  /** Why the run is incomplete (`the time limit ended it after 12 of 250 requests`), when it is. */
  incomplete?: string;
  /** Every finding of the run (known ones included). */
  findings: readonly ProviderFinding[];
  strict: boolean;
  /** The run's date, YYYY-MM-DD: written as `stale_since` on a curated entry found stale. */
  today: string;
  /** Whether the run ran an entry's check (default: all): the others' entries are kept as they are. */
  judged?: (key: { check: string }) => boolean;
}

/** Whether the file is no longer what the run read (another run, an editor): a rewrite would lose that. */
async function changedMeanwhile(choice: BaselineChoice): Promise<string | undefined> {
  const now = await baselineBytesNow(choice.file!);
  const same = now === undefined ? choice.bytes === undefined : choice.bytes !== undefined && Buffer.compare(now, choice.bytes) === 0;
  return same ? undefined : "the file changed during the run (written by someone else meanwhile): run again";
}

/** Why this run must not rewrite the baseline, or undefined when it may. */
export function baselineRefusal(run: Pick<BaselineRun, "exit" | "incomplete" | "findings">): string | undefined {
  if (run.incomplete !== undefined) return `the run is incomplete (${run.incomplete})`;
  const gone = run.findings.filter(unreached).length;
  if (gone > 0) return `the provider could not be reached for ${gone === 1 ? "one request" : `${gone.toLocaleString("en-US")} requests`}`;
  if (run.exit === EXIT.CANNOT_RUN) return "the run could not judge the provider (exit 2)";
  return undefined;
}

/**
 * After the report: the file rewritten (--update-baseline, --prune-baseline) and the line that says
 * so, with the command's exit code; or, for a run that cannot vouch for what it did not see, the file
 * left as it was, one line on stderr and exit 2.
 */
export async function finishBaseline(
  choice: BaselineChoice,
  run: BaselineRun,
  io: Pick<CliIo, "stderr">,
  textOut: NodeJS.WritableStream,
): Promise<ExitCode> {
  const flags = [choice.update ? "--update-baseline" : "", choice.prune ? "--prune-baseline" : ""].filter((f) => f !== "").join(" ");
  const refusal = baselineRefusal(run) ?? (await changedMeanwhile(choice));
  if (refusal !== undefined) {
    const left = choice.bytes === undefined ? "not written" : "left as it was";
    // A file name may hold any character: escaped, so the line stays one line and the terminal safe.
    writeLine(io.stderr, escapeControl(`${flags} refused: ${refusal}; baseline ${choice.file!} ${left}`));
    return EXIT.CANNOT_RUN;
  }
  const next = baselineFromFindings(run.findings, choice.baseline, {
    strict: run.strict,
    today: run.today,
    update: choice.update,
    prune: choice.prune,
    ...(run.judged === undefined ? {} : { judged: run.judged }),
  });
  await writeBaseline(choice.file!, next);
  writeLine(textOut, escapeControl(baselineLine(choice, next)));
  // --update-baseline accepts the run's failures: exit 0. Pruning alone accepts nothing: the run's own exit code.
  return choice.update ? EXIT.OK : run.exit;
}

function baselineLine(choice: BaselineChoice, next: Baseline): string {
  const count = (n: number, one: string, many: string): string => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  const keyOf = (e: Baseline["entries"][number]): string => JSON.stringify([e.check, e.operation, e.cause]);
  const kept = new Set(next.entries.map(keyOf));
  const removed = (choice.baseline?.entries ?? []).filter((e) => !kept.has(keyOf(e))).length;
  const stale = next.entries.filter((e) => e.stale_since !== undefined).length;
  const tail = [
    removed > 0 ? `${count(removed, "entry", "entries")} no longer found removed` : "",
    stale > 0
      ? `${count(stale, "curated entry", "curated entries")} no longer found kept, marked stale_since (--prune-baseline removes them)`
      : "",
  ].filter((part) => part !== "");
  const what = choice.update ? ` (the run's failures, each known from now on; give each an "expires" date and a "reason")` : "";
  return `baseline: wrote ${count(next.entries.length, "entry", "entries")} to ${choice.file!}${what}${tail.length === 0 ? "" : `; ${tail.join("; ")}`}`;
}

/** Today's date in UTC, YYYY-MM-DD: what a baseline's `expires` dates are compared with. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

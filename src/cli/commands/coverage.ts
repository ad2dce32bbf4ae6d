// `evals-contract coverage FILE... [--min PERCENT] [--require CASE,...]`: reads observation files
// (mock --record, MSW's record option, HAR, verify or fuzz --json), prints the coverage table, writes
// --json/--junit/--html; 0 measured (and --min, --require met), 1 not met, 2 unreadable input.
import { fromCoverage, readObservationFiles, renderText, requirableIds, tallyCoverage } from "../../coverage/index.js";
import { ToolkitError } from "../../errors.js";
import { exitCodeOf } from "../../report/index.js";
import { decimalNumber, parseCommandArgs, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { didYouMean } from "../did-you-mean.js";
import { writeLines } from "../io.js";
import { prepareReportFiles, writeReports } from "../report-files.js";

/** `--min` as a percentage from 0 to 100, or a usage error. */
export function parseMin(raw: string): number {
  const value = decimalNumber(raw.trim().replace(/%$/, ""));
  if (!(value >= 0 && value <= 100)) throw new ToolkitError("E_USAGE", `--min must be a percentage from 0 to 100, got "${raw}"`);
  return value;
}

/** `--require a,b` as ids, each a known case or surface item (a did-you-mean otherwise). */
export function parseRequire(raw: string): string[] {
  const known = requirableIds();
  const ids = raw
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
  if (ids.length === 0) throw new ToolkitError("E_USAGE", "--require needs case ids, e.g. --require empty-list,evaluation-status-failed");
  for (const id of ids)
    if (!known.includes(id)) {
      const near = didYouMean(id, known);
      throw new ToolkitError(
        "E_USAGE",
        `--require: unknown case "${id}"${near === undefined ? "" : ` (did you mean ${near}?)`}; the ids are in docs/coverage.md`,
      );
    }
  return ids;
}

export const coverageCommand: Command = {
  name: "coverage",
  help: `Usage: evals-contract coverage FILE... [--min PERCENT] [--require CASE,...] [--json F] [--junit F] [--html F]

Counts which of the service's answers the observations exercised: each operation's statuses and
parameter forms, and the cases a client must survive (a failed evaluation, an error Result, a
deleted evaluator config, an empty list, a slow answer, ...: docs/coverage.md). Prints a table per
operation (the count each side saw, the first request that showed it), what one side saw and the
other did not, and how to reach each item not seen.

FILE is any of (recognised by its content):
  NDJSON observations      evals-contract mock --record FILE, or createMswHandlers({ record })
  a HAR file               Playwright's recordHar, Chrome DevTools, a proxy (the consumer side)
  a verify or fuzz report  evals-contract verify --json F / fuzz --json F (the provider side)
Consumer and provider observations together: one table with both columns.

Options:
  --min PERCENT            exit 1 when a side saw less than this share of the items (0-100)
  --require CASE,...       exit 1 when a side did not see one of these (an id, or OPERATION:id,
                           e.g. empty-list,getHumanEvaluation:status-404)
  --json FILE              write the report as JSON (schemas/report.json)
  --junit FILE             write JUnit XML (a testcase per item: skipped when not seen; --min and
                           --require as failures)
  --html FILE              write a self-contained HTML page
                           (FILE - is stdout; the text report then goes to stderr)
  -h, --help               show this help

Exit codes: 0 measured (--min and --require met); 1 under --min or a required case not seen;
2 cannot run (bad options, an unreadable or unrecognised file).

Examples:
  evals-contract mock --record observations.ndjson     # then run your tests against it, Ctrl-C
  evals-contract coverage observations.ndjson --min 80 --require empty-list,status-422
  evals-contract coverage e2e.har reports/verify.json --html reports/coverage.html`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      min: { type: "string" },
      require: { type: "string" },
      json: { type: "string" },
      junit: { type: "string" },
      html: { type: "string" },
    });
    if (positionals.length === 0)
      throw new ToolkitError("E_USAGE", "name at least one observation file (mock --record, a HAR file, verify or fuzz --json)");
    const minRaw = stringOption(values, "min");
    const requireRaw = stringOption(values, "require");
    const options = {
      ...(minRaw === undefined ? {} : { min: parseMin(minRaw) }),
      ...(requireRaw === undefined ? {} : { require: parseRequire(requireRaw) }),
    };
    const json = stringOption(values, "json");
    const junit = stringOption(values, "junit");
    const html = stringOption(values, "html");
    // A report must never replace an input it was made from (`coverage obs.ndjson --json obs.ndjson`).
    const inputFiles = positionals.map((path) => ({ name: "the input", path }));
    const reports = await prepareReportFiles({ junit, json, html }, io, inputFiles);
    const { inputs, observations } = await readObservationFiles(positionals);
    const report = tallyCoverage(observations, inputs, options);
    const model = fromCoverage(report);
    await writeLines(reports.textOut, renderText(model));
    await writeReports(model, reports);
    return exitCodeOf(model);
  },
};

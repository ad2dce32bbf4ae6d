// `evals-contract validate <file|-> [--schema <Name>] [--format json|ndjson] [--strict] [--all] [--json FILE] [--junit FILE] [--html FILE]`:
// hands the file's bytes, as they are read, to the library (src/check/validate-stream.ts: format,
// schema, strict mode, folding, a large document record by record), prints, writes the report
// files, returns the exit code.
// Like every command it imports the parts' indexes only; the report model is built only when a
// report file is asked for.
import {
  createValidateStream,
  escapeControl,
  formatFinding,
  formatFoldedFindings,
  INPUT_FORMATS,
  isValidateSchema,
  pathWidth,
  validationSummary,
  VALIDATE_SCHEMAS,
  type Finding,
  type StreamValidation,
} from "../../check/index.js";
import { isToolkitError, ToolkitError } from "../../errors.js";
import { readFileChunks } from "../../io/index.js";
import { exitCodeOf, fromValidate, type ValidateRun } from "../../report/index.js";
import { choiceOption, parseCommandArgs, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { didYouMean } from "../did-you-mean.js";
import { writeLine, writeLines, type CliIo } from "../io.js";
import { prepareReportFiles, writeReports, type PreparedReports, type ReportFiles } from "../report-files.js";

/** The bytes of the file, or of standard input (`validate -`), piece by piece: never all at once. */
async function* bytesOf(file: string, io: CliIo): AsyncGenerator<Uint8Array, void, undefined> {
  if (file !== "-") return yield* readFileChunks(file);
  for await (const chunk of io.stdin ?? process.stdin) yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
}

/** Writes the report files asked for, the model built only then. */
async function writeValidateReports(reports: PreparedReports, run: ValidateRun): Promise<void> {
  if (reports.requested) await writeReports(fromValidate(run), reports);
}

export const validateCommand: Command = {
  name: "validate",
  help: `Usage: evals-contract validate <file|-> [--schema <Name>] [--format json|ndjson] [--strict] [--all] [--json FILE] [--junit FILE] [--html FILE]

Checks a JSON file (or standard input, "-") holding one resource, an array of them, or a dataset
{"evaluations": [...], "human_evaluations": [...]} against the contract and reports every finding
with its JSON path, rule and message. NDJSON (one record per line, or the {"kind": ..., "record":
...} lines of fixtures --format ndjson) is read line by line: findings name their line, a line that
is not JSON is a finding, and the run goes on. Any size is read in bounded memory: a document over
64 MiB is checked record by record, with the same findings. A finding repeated with other values
(the same rule, in many records) is one line with its count and first paths; --all lists each.

Options:
  --schema <Name>  one of: ${VALIDATE_SCHEMAS.join(", ")}; may be left out for a dataset,
                   and for NDJSON records (told apart by their kind or properties)
  --format <F>     json or ndjson (default: told by the first line)
  --strict         treat warnings (null optionals, naive timestamps, unknown properties or
                   values) as errors
  --all            print every finding on its own line (no folding of repeated findings)
  --json FILE      write the report as JSON, every finding (schemas/report.json)
  --junit FILE     write a JUnit XML report
  --html FILE      write a self-contained HTML report
                   (FILE - is stdout; the text report then goes to stderr)
  -h, --help       show this help

Exit codes: 0 conforms (warnings allowed), 1 errors found, 2 usage or I/O problem.

Examples:
  evals-contract fixtures --out data.json && evals-contract validate data.json
  curl -s "http://127.0.0.1:4010/evaluations?app_id=$APP_ID" | evals-contract validate - --schema Evaluation
  evals-contract fixtures --format ndjson --out data.ndjson && evals-contract validate data.ndjson
  evals-contract validate data.json --json reports/validate.json --junit reports/validate.xml`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      schema: { type: "string" },
      format: { type: "string" },
      strict: { type: "boolean" },
      all: { type: "boolean" },
      json: { type: "string" },
      junit: { type: "string" },
      html: { type: "string" },
    });
    if (positionals.length !== 1) throw new ToolkitError("E_USAGE", "expected exactly one file to validate (see --help)");
    const named = stringOption(values, "schema");
    if (named !== undefined && !isValidateSchema(named)) {
      const guess = didYouMean(named, VALIDATE_SCHEMAS) ?? VALIDATE_SCHEMAS.find((name) => name.toLowerCase() === named.toLowerCase());
      const hint = guess === undefined ? "" : `did you mean ${guess}? `;
      throw new ToolkitError("E_UNKNOWN_SCHEMA", `unknown schema "${named}" (${hint}one of: ${VALIDATE_SCHEMAS.join(", ")})`);
    }
    const format = choiceOption(values, "format", INPUT_FORMATS);
    const file = positionals[0]!;
    const files: ReportFiles = {
      json: stringOption(values, "json"),
      junit: stringOption(values, "junit"),
      html: stringOption(values, "html"),
    };
    // A report must never replace the file it was made from (`validate data.json --json data.json`).
    const reports = await prepareReportFiles(files, io, file === "-" ? [] : [{ name: "the file validated", path: file }]);
    const strict = values.strict === true;
    const subject = file === "-" ? "standard input" : file;
    const all = values.all === true || reports.requested;
    const session = createValidateStream(subject, { schema: named, format, strict, all });
    let result: StreamValidation;
    try {
      for await (const chunk of bytesOf(file, io)) session.write(chunk);
      result = session.end();
    } catch (error) {
      // Too deep to check safely is a verdict on the data, not a failure to run: one line, exit 1.
      if (!isToolkitError(error) || error.code !== "E_JSON_TOO_DEEP") throw error;
      const finding: Finding = { severity: "error", path: "$", rule: "max-depth", message: error.message };
      writeLine(reports.textOut, `${escapeControl(subject)} does not conform: ${escapeControl(error.message)}`);
      await writeValidateReports(reports, { file, schema: named ?? null, records: "", strict, findings: [finding] });
      return exitCodeOf({ tool: "validate", verdict: "fail", strict });
    }
    if (!all) {
      // Folded text: findings were counted and folded as they were found, none kept.
      await writeLines(reports.textOut, result.lines);
      writeLine(reports.textOut, validationSummary(subject, result));
      return exitCodeOf({ tool: "validate", verdict: result.conforms ? "pass" : "fail", strict });
    }
    const width = pathWidth(result.findings);
    await writeLines(
      reports.textOut,
      values.all === true ? result.findings.map((f) => formatFinding(f, width)) : formatFoldedFindings(result.findings),
    );
    writeLine(reports.textOut, validationSummary(subject, result));
    await writeValidateReports(reports, { file, schema: result.schema, records: result.records, strict, findings: result.findings });
    return exitCodeOf({ tool: "validate", verdict: result.conforms ? "pass" : "fail", strict });
  },
};

// `evals-contract validate <file|-> [--schema <Name>] [--strict] [--all] [--json FILE] [--junit FILE] [--html FILE]`:
// reads the file, calls the library (src/check/validate-document.ts: schema, strict mode, folding),
// prints, writes the report files, returns the exit code.
// Like every command it imports the parts' indexes only; the report module is loaded only when a
// report file is asked for.
import {
  escapeControl,
  formatFinding,
  formatFoldedFindings,
  isValidateSchema,
  pathWidth,
  schemaFor,
  validateAll,
  validateFolded,
  validationSummary,
  VALIDATE_SCHEMAS,
  type Finding,
} from "../../check/index.js";
import { isToolkitError, ToolkitError } from "../../errors.js";
import { decodeUtf8, parseJsonText, readFileBytes } from "../../io/index.js";
import type { ValidateRun } from "../../report/index.js";
import { parseCommandArgs, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { didYouMean } from "../did-you-mean.js";
import { EXIT } from "../exit-codes.js";
import { writeLine, writeLines, type CliIo } from "../io.js";
import { prepareReportFiles, type PreparedReports, type ReportFiles } from "../report-files.js";

/**
 * The text of the file, or of standard input (`validate -`, read as a file is: strict UTF-8, a BOM
 * dropped). The text is kept beside the value: a number too large for a double (`1e400`, which
 * JSON.parse makes Infinity) is shown in messages as it was written.
 */
async function readText(file: string, io: CliIo): Promise<string> {
  if (file !== "-") return decodeUtf8(await readFileBytes(file), file);
  const chunks: Uint8Array[] = [];
  for await (const chunk of io.stdin ?? process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return decodeUtf8(Buffer.concat(chunks), "standard input");
}

/** Writes the report files asked for, the report module loaded only then. */
async function writeReports(files: ReportFiles, reports: PreparedReports, run: ValidateRun): Promise<void> {
  if (files.json === undefined && files.junit === undefined && files.html === undefined) return;
  const { fromValidate, renderJUnit, writeHtmlReport, writeJsonReport } = await import("../../report/index.js");
  const report = fromValidate(run);
  // Streamed: a report of a million findings is larger than the biggest string V8 can hold.
  if (files.json !== undefined) await reports.write(files.json, (out) => writeJsonReport(out, report));
  if (files.junit !== undefined) await reports.write(files.junit, (out) => void out.write(renderJUnit(report)));
  if (files.html !== undefined) await reports.write(files.html, (out) => writeHtmlReport(out, report));
}

export const validateCommand: Command = {
  name: "validate",
  help: `Usage: evals-contract validate <file|-> [--schema <Name>] [--strict] [--all] [--json FILE] [--junit FILE] [--html FILE]

Checks a JSON file (or standard input, "-") holding one resource, an array of them, or a dataset
{"evaluations": [...], "human_evaluations": [...]} against the contract and reports every finding
with its JSON path, rule and message. A finding repeated with other values (the same rule, in
many records) is one line with its count and first paths; --all lists each.

Options:
  --schema <Name>  one of: ${VALIDATE_SCHEMAS.join(", ")}; may be left out for a dataset
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
  evals-contract validate data.json --json reports/validate.json --junit reports/validate.xml`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      schema: { type: "string" },
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
    const text = await readText(file, io);
    let document: unknown;
    try {
      document = parseJsonText(text, subject);
    } catch (error) {
      // Too deep to check safely is a verdict on the data, not a failure to run: one line, exit 1.
      if (!isToolkitError(error) || error.code !== "E_JSON_TOO_DEEP") throw error;
      const finding: Finding = { severity: "error", path: "$", rule: "max-depth", message: error.message };
      writeLine(reports.textOut, `${escapeControl(subject)} does not conform: ${escapeControl(error.message)}`);
      await writeReports(files, reports, { file, schema: named ?? null, records: "", strict, findings: [finding] });
      return EXIT.CONTRACT_FAILURE;
    }
    const schema = schemaFor(document, named);
    if (schema === undefined)
      throw new ToolkitError(
        "E_USAGE",
        `--schema is required unless the file is a dataset {evaluations, human_evaluations} (one of: ${VALIDATE_SCHEMAS.join(", ")})`,
      );
    const input = { document, schema, strict, text };
    const reported = files.json !== undefined || files.junit !== undefined || files.html !== undefined;
    if (values.all !== true && !reported) {
      // Folded text: findings are counted and folded as they are found, none kept.
      const result = validateFolded(input);
      await writeLines(reports.textOut, result.lines);
      writeLine(reports.textOut, validationSummary(subject, result));
      return result.conforms ? EXIT.OK : EXIT.CONTRACT_FAILURE;
    }
    const result = validateAll(input);
    const width = pathWidth(result.findings);
    await writeLines(
      reports.textOut,
      values.all === true ? result.findings.map((f) => formatFinding(f, width)) : formatFoldedFindings(result.findings),
    );
    writeLine(reports.textOut, validationSummary(subject, result));
    await writeReports(files, reports, { file, schema, records: result.records, strict, findings: result.findings });
    return result.conforms ? EXIT.OK : EXIT.CONTRACT_FAILURE;
  },
};

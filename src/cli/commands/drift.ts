// `evals-contract drift --openapi URL|FILE [--json FILE] [--junit FILE] [--html FILE] [--base-path P]`:
// the provider's published OpenAPI document against the contract. Exit 1 on breaking drift.
import { checkDrift, fromDrift, loadOpenApiDocument, renderText } from "../../drift/index.js";
import { ToolkitError } from "../../errors.js";
import { exitCodeOf } from "../../report/index.js";
import { parseCommandArgs, rejectPositionals, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { writeLines } from "../io.js";
import { prepareReportFiles, writeReports } from "../report-files.js";

export const driftCommand: Command = {
  name: "drift",
  help: `Usage: evals-contract drift --openapi URL|FILE [--json FILE] [--junit FILE] [--html FILE] [--base-path P]

Compares a provider's OpenAPI document (JSON or YAML, OpenAPI 3.0 or 3.1; FastAPI serves it at
/openapi.json) with the contract (contracts/openapi.yaml): operations, parameters and every field
of the response bodies ($refs resolved). Each difference has a JSON path and a severity:
  breaking    (an error) clients can break: a field missing or renamed, another type, a required
              field made optional, null where the contract says never null, a new anyOf branch, a
              missing operation or success response, a new required parameter
  compatible  (a warning) clients keep working: an extra field or operation, a narrower type,
              another operationId or component name, another OpenAPI version

Options:
  --openapi SRC    the provider's document: a file, or an http:// or https:// URL
  --base-path P    a prefix the provider's paths carry, e.g. /api
  --json FILE      write the report as JSON (schemas/report.json)
  --junit FILE     write a JUnit XML report (a testcase per place and kind of difference)
  --html FILE      write a self-contained HTML report
                   (FILE - is stdout; the text report then goes to stderr)
  --force          accepted, no longer needed: report files are replaced atomically
  -h, --help       show this help

Exit codes: 0 no breaking drift, 1 breaking drift, 2 usage or I/O problem (file not found, URL
unreachable, not an OpenAPI 3 document).

Examples:
  evals-contract drift --openapi http://localhost:8000/openapi.json
  evals-contract drift --openapi reference/recordings/openapi.json --junit reports/drift.xml
  evals-contract drift --openapi provider.yaml --json - | jq '.findings[] | select(.severity == "error")'`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      openapi: { type: "string" },
      "base-path": { type: "string" },
      json: { type: "string" },
      junit: { type: "string" },
      html: { type: "string" },
      force: { type: "boolean" },
    });
    rejectPositionals(positionals);
    const source = stringOption(values, "openapi");
    if (source === undefined || source === "") throw new ToolkitError("E_USAGE", "--openapi URL|FILE is required (see --help)");
    const json = stringOption(values, "json");
    const junit = stringOption(values, "junit");
    const html = stringOption(values, "html");
    // A report must never replace the document it was made from (`--openapi a.yaml --junit a.yaml`).
    const inputs = /^https?:\/\//i.test(source) ? [] : [{ name: "--openapi", path: source }];
    const reports = await prepareReportFiles({ junit, json, html }, io, inputs);

    const report = fromDrift(checkDrift(await loadOpenApiDocument(source), { source, basePath: stringOption(values, "base-path") }));
    await writeLines(reports.textOut, renderText(report));
    await writeReports(report, reports);
    return exitCodeOf(report);
  },
};

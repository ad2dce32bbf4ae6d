// `evals-contract drift --openapi URL|FILE [--json] [--junit FILE] [--force] [--base-path P]`: the
// provider's published OpenAPI document against the contract. Exit 1 on breaking drift.
import { checkDrift, driftJUnitXml, formatDriftReport, loadOpenApiDocument } from "../../drift/index.js";
import { ToolkitError } from "../../errors.js";
import { assertWritable, writeTextFileAtomically } from "../../io/index.js";
import { parseCommandArgs, rejectPositionals, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { writeLine } from "../io.js";

export const driftCommand: Command = {
  name: "drift",
  help: `Usage: evals-contract drift --openapi URL|FILE [--json] [--junit FILE] [--force] [--base-path P]

Compares a provider's OpenAPI document (JSON or YAML, OpenAPI 3.0 or 3.1; FastAPI serves it at
/openapi.json) with the contract (contracts/openapi.yaml): operations, parameters and every field
of the response bodies ($refs resolved). Each difference has a JSON path and a severity:
  breaking    clients can break: a field missing or renamed, another type, a required field made
              optional, null where the contract says never null, a new anyOf branch, a missing
              operation or success response, a new required parameter
  compatible  clients keep working: an extra field or operation, a narrower type, another
              operationId or component name, another OpenAPI version

Options:
  --openapi SRC    the provider's document: a file, or an http:// or https:// URL
  --base-path P    a prefix the provider's paths carry, e.g. /api
  --json           print the report as JSON instead of text
  --junit FILE     also write a JUnit XML report (a testcase per operation and response)
  --force          accepted, no longer needed: an existing --junit file is replaced atomically
  -h, --help       show this help

Exit codes: 0 no breaking drift, 1 breaking drift, 2 usage or I/O problem (file not found, URL
unreachable, not an OpenAPI 3 document).

Examples:
  evals-contract drift --openapi http://localhost:8000/openapi.json
  evals-contract drift --openapi reference/recordings/openapi.json --junit reports/drift.xml`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      openapi: { type: "string" },
      "base-path": { type: "string" },
      json: { type: "boolean" },
      junit: { type: "string" },
      force: { type: "boolean" },
    });
    rejectPositionals(positionals);
    const source = stringOption(values, "openapi");
    if (source === undefined || source === "") throw new ToolkitError("E_USAGE", "--openapi URL|FILE is required (see --help)");
    const junit = stringOption(values, "junit");
    // A report file is an output a second run regenerates (docs/limits.md): replaced, never refused
    // for existing; a directory, device, FIFO or socket is still refused. --force stays accepted.
    const force = true;
    if (junit !== undefined) await assertWritable(junit, force, true);

    const report = checkDrift(await loadOpenApiDocument(source), { source, basePath: stringOption(values, "base-path") });
    writeLine(io.stdout, values.json === true ? JSON.stringify(report, null, 2) : formatDriftReport(report));
    if (junit !== undefined) await writeTextFileAtomically(junit, driftJUnitXml(report), force);
    return report.breaking > 0 ? EXIT.CONTRACT_FAILURE : EXIT.OK;
  },
};

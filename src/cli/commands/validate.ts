// `evals-contract validate <file> --schema <Name> [--strict] [--json]`
import { checkDocument, countBySeverity, escalateWarnings, formatFindings, hasErrors, plural, summarize } from "../../check/index.js";
import { ToolkitError } from "../../errors.js";
import { readJsonFile } from "../../io/index.js";
import { isResourceName, RESOURCE_NAMES } from "../../schemas/index.js";
import { parseCommandArgs, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { writeLine } from "../io.js";

export const validateCommand: Command = {
  name: "validate",
  summary: "check a JSON file holding one resource or an array of them",
  help: `Usage: evals-contract validate <file> --schema <Name> [--strict] [--json]

Checks a JSON file holding one resource or an array of them against the contract and reports
every finding with its JSON path, rule and message.

Options:
  --schema <Name>  one of: ${RESOURCE_NAMES.join(", ")}
  --strict         treat warnings (null optionals, naive timestamps, unknown properties or
                   values) as errors
  --json           print the findings as JSON: {"conforms", "errors", "warnings", "findings"}
  -h, --help       show this help

Exit codes: 0 conforms (warnings allowed), 1 errors found, 2 usage or I/O problem.

Example:
  evals-contract validate fixtures/default.json --schema Evaluation --strict`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      schema: { type: "string" },
      strict: { type: "boolean" },
      json: { type: "boolean" },
    });
    if (positionals.length !== 1) throw new ToolkitError("E_USAGE", "expected exactly one file to validate (see --help)");
    const schema = stringOption(values, "schema");
    if (!schema) throw new ToolkitError("E_USAGE", `--schema is required (one of: ${RESOURCE_NAMES.join(", ")})`);
    if (!isResourceName(schema))
      throw new ToolkitError("E_UNKNOWN_SCHEMA", `unknown schema "${schema}" (one of: ${RESOURCE_NAMES.join(", ")})`);
    const file = positionals[0]!;
    const document = await readJsonFile(file);
    const raw = checkDocument(schema, document);
    const findings = values.strict === true ? escalateWarnings(raw) : raw;
    const failed = hasErrors(findings);
    if (values.json === true) {
      const { errors, warnings } = countBySeverity(findings);
      writeLine(io.stdout, JSON.stringify({ file, schema, conforms: !failed, errors, warnings, findings }, null, 2));
    } else {
      for (const line of formatFindings(findings)) writeLine(io.stdout, line);
      const count = Array.isArray(document) ? plural(document.length, `${schema} record`) : `1 ${schema}`;
      writeLine(io.stdout, summarize(findings, `${file} (${count})`));
    }
    return failed ? EXIT.CONTRACT_FAILURE : EXIT.OK;
  },
};

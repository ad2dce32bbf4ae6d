// `evals-contract validate <file> --schema <Name> [--strict] [--json]`
import {
  checkDocument,
  countBySeverity,
  escapeControl,
  escalateWarnings,
  formatFinding,
  hasErrors,
  pathWidth,
  plural,
  summarize,
} from "../../check/index.js";
import { isToolkitError, ToolkitError } from "../../errors.js";
import { readJsonFile, writeJson } from "../../io/index.js";
import { isResourceName, RESOURCE_NAMES } from "../../schemas/index.js";
import { parseCommandArgs, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { writeLine, writeLines } from "../io.js";

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
    let document: unknown;
    try {
      document = await readJsonFile(file);
    } catch (error) {
      // Too deep to check safely is a verdict on the data, not a failure to run: one line, exit 1.
      if (!isToolkitError(error) || error.code !== "E_JSON_TOO_DEEP") throw error;
      const finding = { severity: "error", path: "$", rule: "max-depth", message: error.message } as const;
      if (values.json === true) await writeJson(io.stdout, { file, schema, conforms: false, errors: 1, warnings: 0, findings: [finding] });
      else writeLine(io.stdout, `${escapeControl(file)} does not conform: ${escapeControl(error.message)}`);
      return EXIT.CONTRACT_FAILURE;
    }
    const raw = checkDocument(schema, document);
    const findings = values.strict === true ? escalateWarnings(raw) : raw;
    const failed = hasErrors(findings);
    if (values.json === true) {
      const { errors, warnings } = countBySeverity(findings);
      // Streamed: a report of a million findings is larger than the biggest string V8 can hold.
      await writeJson(io.stdout, { file, schema, conforms: !failed, errors, warnings, findings });
    } else {
      const width = pathWidth(findings);
      await writeLines(
        io.stdout,
        findings.map((f) => formatFinding(f, width)),
      );
      const count = Array.isArray(document) ? plural(document.length, `${schema} record`) : `1 ${schema}`;
      writeLine(io.stdout, summarize(findings, `${file} (${count})`));
    }
    return failed ? EXIT.CONTRACT_FAILURE : EXIT.OK;
  },
};

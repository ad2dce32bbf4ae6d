// `evals-contract validate <file|-> [--schema <Name>] [--strict] [--json] [--all]`
import {
  checkDataset,
  checkDocument,
  countBySeverity,
  escalateWarnings,
  formatFindings,
  formatFoldedFindings,
  hasErrors,
  looksLikeDataset,
  plural,
  summarize,
} from "../../check/index.js";
import { ToolkitError } from "../../errors.js";
import { readJsonFile } from "../../io/index.js";
import { isResourceName, RESOURCE_NAMES } from "../../schemas/index.js";
import { parseCommandArgs, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { writeLine, type CliIo } from "../io.js";

const DATASET = "Dataset";
const SCHEMAS = [...RESOURCE_NAMES, DATASET];

/** The JSON on standard input (`validate -`), with the file errors' wording. */
async function readStdinJson(io: CliIo): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of io.stdin ?? process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch (error) {
    throw new ToolkitError("E_JSON_PARSE", `standard input is not valid JSON: ${(error as Error).message}`);
  }
}

const count = (value: unknown, schema: string): string => (Array.isArray(value) ? plural(value.length, `${schema} record`) : `1 ${schema}`);

export const validateCommand: Command = {
  name: "validate",
  help: `Usage: evals-contract validate <file|-> [--schema <Name>] [--strict] [--json] [--all]

Checks a JSON file (or standard input, "-") holding one resource, an array of them, or a dataset
{"evaluations": [...], "human_evaluations": [...]} against the contract and reports every finding
with its JSON path, rule and message. A repeated warning is one line with its count.

Options:
  --schema <Name>  one of: ${SCHEMAS.join(", ")}; may be left out for a dataset
  --strict         treat warnings (null optionals, naive timestamps, unknown properties or
                   values) as errors
  --json           print the findings as JSON: {"conforms", "errors", "warnings", "findings"}
  --all            print every finding on its own line (no folding of repeated warnings)
  -h, --help       show this help

Exit codes: 0 conforms (warnings allowed), 1 errors found, 2 usage or I/O problem.

Examples:
  evals-contract fixtures --out data.json && evals-contract validate data.json
  curl -s "http://127.0.0.1:4010/evaluations?app_id=$APP_ID" | evals-contract validate - --schema Evaluation --strict`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      schema: { type: "string" },
      strict: { type: "boolean" },
      json: { type: "boolean" },
      all: { type: "boolean" },
    });
    if (positionals.length !== 1) throw new ToolkitError("E_USAGE", "expected exactly one file to validate (see --help)");
    const named = stringOption(values, "schema");
    if (named !== undefined && named !== DATASET && !isResourceName(named))
      throw new ToolkitError("E_UNKNOWN_SCHEMA", `unknown schema "${named}" (one of: ${SCHEMAS.join(", ")})`);
    const file = positionals[0]!;
    const document = file === "-" ? await readStdinJson(io) : await readJsonFile(file);
    const schema = named ?? (looksLikeDataset(document) ? DATASET : undefined);
    if (schema === undefined)
      throw new ToolkitError(
        "E_USAGE",
        `--schema is required unless the file is a dataset {evaluations, human_evaluations} (one of: ${SCHEMAS.join(", ")})`,
      );
    const raw = schema === DATASET || !isResourceName(schema) ? checkDataset(document) : checkDocument(schema, document);
    const findings = values.strict === true ? escalateWarnings(raw) : raw;
    const failed = hasErrors(findings);
    if (values.json === true) {
      const { errors, warnings } = countBySeverity(findings);
      writeLine(io.stdout, JSON.stringify({ file, schema, conforms: !failed, errors, warnings, findings }, null, 2));
    } else {
      for (const line of values.all === true ? formatFindings(findings) : formatFoldedFindings(findings)) writeLine(io.stdout, line);
      const subject = file === "-" ? "standard input" : file;
      const counts =
        schema === DATASET && looksLikeDataset(document)
          ? `${count((document as Record<string, unknown>)["evaluations"], "Evaluation")}, ${count((document as Record<string, unknown>)["human_evaluations"], "HumanEvaluation")}`
          : count(document, schema);
      writeLine(io.stdout, summarize(findings, `${subject} (${counts})`));
    }
    return failed ? EXIT.CONTRACT_FAILURE : EXIT.OK;
  },
};

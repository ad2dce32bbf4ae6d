// `evals-contract validate <file|-> [--schema <Name>] [--strict] [--json] [--all]`
// Each import names its module, not a folder's index: the indexes would load the HTTP client, the
// schema catalogue and the response checker, which validate never uses (startup is part of its time).
import { looksLikeDataset, visitDataset } from "../../check/check-dataset.js";
import { visitDocument } from "../../check/check-resource.js";
import type { Counted } from "../../check/describe-errors.js";
import { escapeControl } from "../../check/escape-control.js";
import { countBySeverity, hasErrors, type Finding } from "../../check/finding.js";
import { createFolder } from "../../check/fold-findings.js";
import { formatFinding, pathWidth, plural, summarize, summarizeCounts } from "../../check/format-findings.js";
import { isToolkitError, ToolkitError } from "../../errors.js";
import { parseJsonBytes } from "../../io/parse-json-bytes.js";
import { readJsonFile } from "../../io/read-json-file.js";
import { writeJson } from "../../io/write-json.js";
import { RESOURCE_NAMES, type ResourceName } from "../../schemas/names.js";
import { parseCommandArgs, stringOption } from "../args.js";
import type { Command } from "../command.js";
import { didYouMean } from "../did-you-mean.js";
import { EXIT } from "../exit-codes.js";
import { writeLine, writeLines, type CliIo } from "../io.js";

const DATASET = "Dataset";
const isResourceName = (name: string): name is ResourceName => (RESOURCE_NAMES as readonly string[]).includes(name);
const SCHEMAS = [...RESOURCE_NAMES, DATASET];

/** The JSON on standard input (`validate -`), read as a file is: strict UTF-8, a BOM dropped, the depth limit. */
async function readStdinJson(io: CliIo): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of io.stdin ?? process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return parseJsonBytes(Buffer.concat(chunks), "standard input");
}

const count = (value: unknown, schema: string): string => (Array.isArray(value) ? plural(value.length, `${schema} record`) : `1 ${schema}`);

export const validateCommand: Command = {
  name: "validate",
  help: `Usage: evals-contract validate <file|-> [--schema <Name>] [--strict] [--json] [--all]

Checks a JSON file (or standard input, "-") holding one resource, an array of them, or a dataset
{"evaluations": [...], "human_evaluations": [...]} against the contract and reports every finding
with its JSON path, rule and message. A finding repeated with other values (the same rule, in
many records) is one line with its count and first paths; --all lists each.

Options:
  --schema <Name>  one of: ${SCHEMAS.join(", ")}; may be left out for a dataset
  --strict         treat warnings (null optionals, naive timestamps, unknown properties or
                   values) as errors
  --json           print the findings as JSON: {"conforms", "errors", "warnings", "findings"}
  --all            print every finding on its own line (no folding of repeated findings)
  -h, --help       show this help

Exit codes: 0 conforms (warnings allowed), 1 errors found, 2 usage or I/O problem.

Examples:
  evals-contract fixtures --out data.json && evals-contract validate data.json
  curl -s "http://127.0.0.1:4010/evaluations?app_id=$APP_ID" | evals-contract validate - --schema Evaluation`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      schema: { type: "string" },
      strict: { type: "boolean" },
      json: { type: "boolean" },
      all: { type: "boolean" },
    });
    if (positionals.length !== 1) throw new ToolkitError("E_USAGE", "expected exactly one file to validate (see --help)");
    const named = stringOption(values, "schema");
    if (named !== undefined && named !== DATASET && !isResourceName(named)) {
      const guess = didYouMean(named, SCHEMAS) ?? SCHEMAS.find((name) => name.toLowerCase() === named.toLowerCase());
      const hint = guess === undefined ? "" : `did you mean ${guess}? `;
      throw new ToolkitError("E_UNKNOWN_SCHEMA", `unknown schema "${named}" (${hint}one of: ${SCHEMAS.join(", ")})`);
    }
    const file = positionals[0]!;
    let document: unknown;
    try {
      document = file === "-" ? await readStdinJson(io) : await readJsonFile(file);
    } catch (error) {
      // Too deep to check safely is a verdict on the data, not a failure to run: one line, exit 1.
      if (!isToolkitError(error) || error.code !== "E_JSON_TOO_DEEP") throw error;
      const finding = { severity: "error", path: "$", rule: "max-depth", message: error.message } as const;
      if (values.json === true)
        await writeJson(io.stdout, { file, schema: named ?? null, conforms: false, errors: 1, warnings: 0, findings: [finding] });
      else writeLine(io.stdout, `${escapeControl(file)} does not conform: ${escapeControl(error.message)}`);
      return EXIT.CONTRACT_FAILURE;
    }
    const schema = named ?? (looksLikeDataset(document) ? DATASET : undefined);
    if (schema === undefined)
      throw new ToolkitError(
        "E_USAGE",
        `--schema is required unless the file is a dataset {evaluations, human_evaluations} (one of: ${SCHEMAS.join(", ")})`,
      );
    const strict = values.strict === true;
    // `pattern`: the message's pattern when the checker knew it (the folder's shortcut).
    // `counted`: the folder's shortcut for a repeat it only counts (no finding made for it).
    const visit = (found: (finding: Finding, pattern?: string) => void, counted?: Counted): void => {
      const each = strict
        ? (f: Finding, pattern?: string): void => found(f.severity === "warning" ? { ...f, severity: "error" } : f, pattern)
        : found;
      if (schema === DATASET || !isResourceName(schema)) visitDataset(document, each, counted);
      else visitDocument(schema, document, each, counted);
    };
    const subject = file === "-" ? "standard input" : file;
    const counts =
      schema === DATASET && looksLikeDataset(document)
        ? `${count((document as Record<string, unknown>)["evaluations"], "Evaluation")}, ${count((document as Record<string, unknown>)["human_evaluations"], "HumanEvaluation")}`
        : count(document, schema);
    let failed: boolean;
    if (values.json === true || values.all === true) {
      const findings: Finding[] = [];
      visit((f) => findings.push(f));
      failed = hasErrors(findings);
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
        writeLine(io.stdout, summarize(findings, `${subject} (${counts})`));
      }
    } else {
      // Folded text: findings are counted and folded as they are found, none kept.
      const folder = createFolder();
      let errors = 0;
      let warnings = 0;
      visit(
        (f, pattern) => {
          if (f.severity === "error") errors++;
          else warnings++;
          folder.add(f, pattern);
        },
        (severity, rule, pattern) => {
          const checked = strict ? "error" : severity;
          if (!folder.countRepeat(checked, rule, pattern)) return false;
          if (checked === "error") errors++;
          else warnings++;
          return true;
        },
      );
      failed = errors > 0;
      await writeLines(io.stdout, folder.lines());
      writeLine(io.stdout, summarizeCounts(errors, warnings, `${subject} (${counts})`));
    }
    return failed ? EXIT.CONTRACT_FAILURE : EXIT.OK;
  },
};

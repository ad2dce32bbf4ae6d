// The NDJSON validate benchmark's anchor (issue 34): what a user could write without the toolkit.
// readline over the file, JSON.parse of each line, the record taken out of a fixtures line
// ({"kind": ..., "record": ...}), and an Ajv standalone validator generated from schemas/ (the same
// files, the same draft) for its kind; one line per error to stdout, as plain-ajv.mjs does (realistic
// data has about six a record: the real service's nulls, which the toolkit folds as warnings), then
// the count. With --count it only counts them: less work than any useful report, the stricter anchor.
// Usage: node bench/lib/plain-ajv-ndjson.mjs SCHEMAS_DIR FILE [--count]
import { createReadStream, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import process from "node:process";
import { createInterface } from "node:readline";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";

const [dir, file, flag] = process.argv.slice(2);
const countOnly = flag === "--count";
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true, code: { source: true } });
// The resource schemas only: schemas/ also holds the report's and the baseline's, which no record meets.
const TOOL_SCHEMAS = new Set(["report.json", "baseline.json"]);
for (const name of readdirSync(dir)) if (!TOOL_SCHEMAS.has(name)) ajv.addSchema(JSON.parse(readFileSync(`${dir}/${name}`, "utf8")));
const base = "https://evals-contract.dev/schemas/";
const source = standaloneCode(ajv, { evaluation: `${base}Evaluation.json`, human_evaluation: `${base}HumanEvaluation.json` });
// The standalone module, loaded as CommonJS (its `require`s are Ajv's runtime helpers).
const module = { exports: {} };
new Function("module", "exports", "require", source)(module, module.exports, createRequire(import.meta.url));
const validators = module.exports;

let line = 0;
let records = 0;
let errors = 0;
let out = "";
for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  line++;
  if (text.trim() === "") continue;
  const value = JSON.parse(text);
  const wrapped = typeof value.kind === "string" && "record" in value;
  const validate = validators[wrapped ? value.kind : "evaluation"];
  records++;
  if (validate(wrapped ? value.record : value)) continue;
  errors += validate.errors.length;
  if (countOnly) continue;
  for (const e of validate.errors) out += `error line ${line}: ${e.instancePath} ${e.message}\n`;
  if (out.length > 1 << 16) {
    process.stdout.write(out);
    out = "";
  }
}
process.stdout.write(`${out}${records} records checked: ${errors} errors\n`);

// The validate benchmark's anchor: what a user could write without the toolkit. JSON.parse the
// file, Ajv compiled from schemas/ (the same files, the same draft), validate each record, print
// one line per error to stdout. Usage: node bench/lib/plain-ajv.mjs SCHEMAS_DIR FILE
import { readFileSync, readdirSync } from "node:fs";
import process from "node:process";
import { Ajv2020 } from "ajv/dist/2020.js";

const [dir, file] = process.argv.slice(2);
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
// The resource schemas only: schemas/ also holds the report's and the baseline's, which no record meets.
const TOOL_SCHEMAS = new Set(["report.json", "baseline.json"]);
for (const name of readdirSync(dir)) if (!TOOL_SCHEMAS.has(name)) ajv.addSchema(JSON.parse(readFileSync(`${dir}/${name}`, "utf8")));
const validate = ajv.getSchema("https://evals-contract.dev/schemas/Evaluation.json");
const records = JSON.parse(readFileSync(file, "utf8"));
const lines = [];
records.forEach((record, i) => {
  if (!validate(record)) for (const e of validate.errors) lines.push(`error $[${i}]${e.instancePath} ${e.message}`);
});
process.stdout.write(`${lines.join("\n")}\n${records.length} records checked\n`);

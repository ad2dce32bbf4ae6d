// The mock first load's anchor (issue 34): what a user could write to load the same data file without
// the toolkit. JSON.parse of the whole file, then every record of both lists through an Ajv
// standalone validator compiled from schemas/ (the toolkit's errors-only ones, built by `npm run gen`:
// the same rules the mock refuses data by, and no compilation at run time, so the anchor is the
// fastest plain load there is). Prints one line. Usage: node bench/lib/plain-dataset-check.mjs VALIDATORS_MODULE FILE
import { readFileSync } from "node:fs";
import process from "node:process";
import { pathToFileURL } from "node:url";

const [validators, file] = process.argv.slice(2);
const { VALIDATORS } = await import(pathToFileURL(validators).href);
const data = JSON.parse(readFileSync(file, "utf8"));
let records = 0;
let errors = 0;
for (const [key, validate] of [
  ["evaluations", VALIDATORS.Evaluation],
  ["human_evaluations", VALIDATORS.HumanEvaluation],
])
  for (const record of data[key]) {
    records++;
    if (!validate(record)) errors += validate.errors.length;
  }
process.stdout.write(`${records} records checked, ${errors} errors\n`);

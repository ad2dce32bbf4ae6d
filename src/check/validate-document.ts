// What `validate` computes, as a library: the schema a document is checked against (a dataset is
// recognised), the records it holds in words, and its findings, either every one (`--all`,
// `--json`) or folded as they are found with none kept (the default text: a million repeats stay a
// few lines and little memory). `strict` makes every warning an error; with the document's JSON
// text, a number too large for a double is shown as it was written. validate-stream.ts calls it for
// a document read whole (NDJSON and larger documents have their own readers there); the CLI only
// reads, prints and writes. Pure: runs in browsers too.
import { RESOURCE_NAMES, type ResourceName } from "../schemas/names.js";
import { looksLikeDataset, visitDataset } from "./check-dataset.js";
import { visitDocument } from "./check-resource.js";
import type { Counted } from "./describe-errors.js";
import type { Finding } from "./finding.js";
import { createFindingSink } from "./finding-sink.js";
import { plural, summarizeCounts } from "./format-findings.js";
import { oversizedNumberRestorer } from "./oversized-numbers.js";

/** A dataset `{evaluations, human_evaluations}`, each list checked against its resource. */
export const DATASET = "Dataset";
export type ValidateSchema = ResourceName | typeof DATASET;
/** What `validate --schema` takes. */
export const VALIDATE_SCHEMAS: readonly ValidateSchema[] = [...RESOURCE_NAMES, DATASET];

export const isValidateSchema = (name: string): name is ValidateSchema => (VALIDATE_SCHEMAS as readonly string[]).includes(name);

/** The schema to check `document` against: the one named, else Dataset when it has a dataset's shape, else undefined. */
export const schemaFor = (document: unknown, named?: ValidateSchema): ValidateSchema | undefined =>
  named ?? (looksLikeDataset(document) ? DATASET : undefined);

const records = (value: unknown, schema: string): string =>
  Array.isArray(value) ? plural(value.length, `${schema} record`) : `1 ${schema}`;

/** `20 Evaluation records, 5 HumanEvaluation records`, `1 Evaluation`: what the document holds, in words. */
export function describeRecords(document: unknown, schema: ValidateSchema): string {
  if (schema !== DATASET || !looksLikeDataset(document)) return records(document, schema);
  const dataset = document as Record<string, unknown>;
  return `${records(dataset["evaluations"], "Evaluation")}, ${records(dataset["human_evaluations"], "HumanEvaluation")}`;
}

export interface ValidateInput {
  document: unknown;
  schema: ValidateSchema;
  /** Warnings count as errors. */
  strict?: boolean;
  /** The JSON text `document` was parsed from, when known: numbers too large for a double are shown as written (`1e400`). */
  text?: string;
}

export interface Validation {
  schema: ValidateSchema;
  /** What the document holds, in words (describeRecords). */
  records: string;
  errors: number;
  warnings: number;
  conforms: boolean;
}

/** Hands each finding to `found` with oversized numbers restored (`counted`: the folder's shortcut for repeats). */
function visit(input: ValidateInput, found: (finding: Finding, pattern?: string) => void, counted?: Counted): void {
  const restore = input.text === undefined ? undefined : oversizedNumberRestorer(input.text);
  const each = restore === undefined ? found : (f: Finding, pattern?: string): void => found(restore(f), pattern);
  if (input.schema === DATASET) visitDataset(input.document, each, counted);
  else visitDocument(input.schema, input.document, each, counted);
}

const validation = (input: ValidateInput, errors: number, warnings: number): Validation => ({
  schema: input.schema,
  records: describeRecords(input.document, input.schema),
  errors,
  warnings,
  conforms: errors === 0,
});

/** Every finding, in document order (`validate --all` prints each; `--json` writes each), escalated under strict. */
export function validateAll(input: ValidateInput): Validation & { findings: Finding[] } {
  const sink = createFindingSink({ strict: input.strict, all: true });
  visit(input, sink.found);
  return { ...validation(input, sink.errors, sink.warnings), findings: sink.findings() };
}

/** The findings folded as they are found, none kept: one line per kind, a repeat's with its count and first paths. */
export function validateFolded(input: ValidateInput): Validation & { lines: string[] } {
  const sink = createFindingSink({ strict: input.strict });
  visit(input, sink.found, sink.counted);
  return { ...validation(input, sink.errors, sink.warnings), lines: sink.lines() };
}

/** `data.json (20 Evaluation records) conforms: 0 errors, 3 warnings`: validate's last line. */
export const validationSummary = (subject: string, result: Validation): string =>
  summarizeCounts(result.errors, result.warnings, `${subject} (${result.records})`);

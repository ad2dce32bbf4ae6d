// Checks values against one schema: a single resource, or an array of them.
import type { SchemaName } from "../schemas/catalog.js";
import { toFindings, type Counted } from "./describe-errors.js";
import type { Finding } from "./finding.js";
import { getValidators, type Validators } from "./registry.js";
import { createRecordChecker } from "./record-checker.js";
import { collectWarnings } from "./warning-sink.js";

/** Findings of one value; `path` is where the value sits in the document (`$` for the root). */
export function checkResource(name: SchemaName, value: unknown, path = "$"): Finding[] {
  // One value: the pre-check would only add a second validation.
  return checkWith(getValidators(name), value, path, false);
}

function checkWith(validators: Validators, value: unknown, path: string, preCheck: boolean): Finding[] {
  if (preCheck && validators.spotless(value)) return [];
  const check = validators.check;
  const [valid, warnings] = collectWarnings(() => check(value));
  if (valid && warnings.length === 0) return [];
  return toFindings(valid ? [] : (check.errors ?? []), warnings, path);
}

/** Findings of a document holding one resource or an array of them (each item checked alone). */
export function checkDocument(name: SchemaName, document: unknown): Finding[] {
  const findings: Finding[] = [];
  visitDocument(name, document, (f) => findings.push(f));
  return findings;
}

/**
 * Each finding of a document handed to `visit` as it is found, none kept: a caller that only
 * counts or folds them (validate's text output) lets a big file's findings die young. `pattern`,
 * when given, is messagePattern(finding.message), known where the finding was made (a folder's
 * shortcut: fold-findings.ts); `counted` (see Counted) spares making the findings a folder only counts.
 */
export function visitDocument(
  name: SchemaName,
  document: unknown,
  visit: (finding: Finding, pattern?: string) => void,
  counted?: Counted,
): void {
  if (!Array.isArray(document)) {
    for (const f of checkResource(name, document)) visit(f);
    return;
  }
  visitRecords(name, document, visit, counted);
}

/**
 * visitDocument's walk of an array's records, from any iterable of them (a list parsed element by
 * element: src/io/json-array-elements.ts); each finding's path counts from `first` (`$[first]...`).
 */
export function visitRecords(
  name: SchemaName,
  records: Iterable<unknown>,
  visit: (finding: Finding, pattern?: string) => void,
  counted?: Counted,
  first = 0,
): void {
  const checker = createRecordChecker(name);
  let i = first;
  for (const record of records) {
    if (checker.check(record)) checker.report(`$[${i}]`, visit, counted);
    i++;
  }
}

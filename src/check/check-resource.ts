// Checks values against one schema: a single resource, or an array of them.
import type { SchemaName } from "../schemas/catalog.js";
import { toFindings } from "./describe-errors.js";
import type { Finding } from "./finding.js";
import { getValidators, type Validators } from "./registry.js";
import { collectWarnings } from "./warning-sink.js";

/** Findings of one value; `path` is where the value sits in the document (`$` for the root). */
export function checkResource(name: SchemaName, value: unknown, path = "$"): Finding[] {
  return checkWith(getValidators(name), value, path, true);
}

function checkWith(validators: Validators, value: unknown, path: string, preCheck: boolean): Finding[] {
  const { check, spotless } = validators;
  if (preCheck && spotless(value)) return [];
  const [valid, warnings] = collectWarnings(() => check(value));
  if (valid && warnings.length === 0) return [];
  return toFindings(valid ? [] : (check.errors ?? []), warnings, path);
}

/** After this many records, the pre-check is dropped if it rarely helped (it only saves time). */
const PRE_CHECK_TRIAL = 64;

/** Findings of a document holding one resource or an array of them (each item checked alone). */
export function checkDocument(name: SchemaName, document: unknown): Finding[] {
  if (!Array.isArray(document)) return checkResource(name, document);
  const validators = getValidators(name);
  const findings: Finding[] = [];
  // Real-service data (null optionals, naive timestamps) warns on nearly every record, and then the
  // spotless pre-check is wasted work: keep it only while most records pass it.
  let preCheck = true;
  let clean = 0;
  for (let i = 0; i < document.length; i++) {
    const itemFindings = checkWith(validators, document[i], `$[${i}]`, preCheck);
    if (itemFindings.length === 0) clean++;
    if (i + 1 === PRE_CHECK_TRIAL) preCheck = clean * 2 >= PRE_CHECK_TRIAL;
    for (const f of itemFindings) findings.push(f);
  }
  return findings;
}

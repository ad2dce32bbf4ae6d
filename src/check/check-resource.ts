// Checks values against one schema: a single resource, or an array of them.
import type { SchemaName } from "../schemas/catalog.js";
import { toFindings } from "./describe-errors.js";
import type { Finding } from "./finding.js";
import { getValidators } from "./registry.js";
import { collectWarnings } from "./warning-sink.js";

/** Findings of one value; `path` is where the value sits in the document (`$` for the root). */
export function checkResource(name: SchemaName, value: unknown, path = "$"): Finding[] {
  const { check, spotless } = getValidators(name);
  if (spotless(value)) return [];
  const [valid, warnings] = collectWarnings(() => check(value));
  if (valid && warnings.length === 0) return [];
  return toFindings(valid ? [] : (check.errors ?? []), warnings, path);
}

/** Findings of a document holding one resource or an array of them (each item checked alone). */
export function checkDocument(name: SchemaName, document: unknown): Finding[] {
  if (!Array.isArray(document)) return checkResource(name, document);
  const findings: Finding[] = [];
  for (let i = 0; i < document.length; i++) {
    const itemFindings = checkResource(name, document[i], `$[${i}]`);
    for (const f of itemFindings) findings.push(f);
  }
  return findings;
}

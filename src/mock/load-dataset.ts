// Accepts a dataset only if it passes the conformance checker: contract errors refuse it (one
// line naming the first fault and the count); warnings (nulls, naive timestamps) are what the
// real service sends, so they are served.
import { checkDocument } from "../check/check-resource.js";
import type { Finding } from "../check/finding.js";
import { readJsonFile } from "../io/read-json-file.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../types/dataset.js";
import { isToolkitError, ToolkitError } from "../errors.js";
import { isPlainObject } from "../types/json.js";
import { plural } from "../check/format-findings.js";

const LISTS = [
  ["evaluations", "Evaluation"],
  ["human_evaluations", "HumanEvaluation"],
] as const;

/** Contract errors of a dataset, with paths from the document root (`$.evaluations[3].status`). */
export function datasetErrors(value: unknown): Finding[] {
  if (!isPlainObject(value))
    return [
      { severity: "error", path: "$", rule: "dataset-shape", message: "must be an object {evaluations: [...], human_evaluations: [...]}" },
    ];
  const errors: Finding[] = [];
  for (const [key, schema] of LISTS) {
    const list = value[key];
    if (!Array.isArray(list)) {
      errors.push({ severity: "error", path: `$.${key}`, rule: "dataset-shape", message: `must be an array of ${schema}` });
      continue;
    }
    for (const f of checkDocument(schema, list)) if (f.severity === "error") errors.push({ ...f, path: `$.${key}${f.path.slice(1)}` });
  }
  if (errors.length > 0) return errors;
  // GET /human-evaluations/{id} must return the record the list shows: ids must be unique.
  const seen = new Set<string>();
  (value.human_evaluations as { id: string }[]).forEach((e, i) => {
    if (seen.has(e.id))
      errors.push({ severity: "error", path: `$.human_evaluations[${i}].id`, rule: "duplicate-id", message: `id "${e.id}" is used twice` });
    seen.add(e.id);
  });
  return errors;
}

/** The value as a Dataset, or E_DATA_INVALID naming `source`, the first fault and the count. */
export function acceptDataset(value: unknown, source: string): Dataset {
  const errors = datasetErrors(value);
  const first = errors[0];
  if (first) {
    const more = errors.length > 1 ? ` (and ${plural(errors.length - 1, "more error")})` : "";
    throw new ToolkitError("E_DATA_INVALID", `${source} is refused: ${first.path}: ${first.rule}: ${first.message}${more}`);
  }
  return value as Dataset;
}

/**
 * The parsed JSON of a data file, unchecked (E_FILE_NOT_FOUND, E_FILE_UNREADABLE, E_JSON_PARSE);
 * without a path, the embedded default dataset.
 */
export async function readDataFile(path?: string): Promise<unknown> {
  try {
    return await readJsonFile(path ?? DEFAULT_DATASET_PATH);
  } catch (error) {
    if (path === undefined && isToolkitError(error) && error.code === "E_FILE_NOT_FOUND")
      throw new ToolkitError("E_FILE_NOT_FOUND", `${error.message} (the embedded default dataset; \`npm run gen\` writes it)`);
    throw error;
  }
}

/** Reads and accepts a data file (default: the embedded default dataset); E_DATA_INVALID names the file. */
export async function loadDatasetFile(path?: string): Promise<Dataset> {
  return acceptDataset(await readDataFile(path), path ?? DEFAULT_DATASET_PATH);
}

// Accepts a dataset only if it passes the conformance checker: contract errors refuse it (one
// line naming the first fault and the count); warnings (nulls, naive timestamps) are what the
// real service sends, so they are served.
import { checkDataset } from "../check/check-dataset.js";
import type { Finding } from "../check/finding.js";
import { readJsonFile } from "../io/read-json-file.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../types/dataset.js";
import { isToolkitError, ToolkitError } from "../errors.js";
import { plural } from "../check/format-findings.js";

/** Contract errors of a dataset, with paths from the document root (`$.evaluations[3].status`); duplicate ids too. */
export function datasetErrors(value: unknown): Finding[] {
  return checkDataset(value).filter((f) => f.severity === "error");
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

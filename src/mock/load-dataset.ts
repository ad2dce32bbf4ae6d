// Reads a data file (default: the embedded default dataset) and accepts it (accept-dataset.ts):
// the Node side of loading data.
import { readJsonFile } from "../io/read-json-file.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../types/dataset.js";
import { isToolkitError, ToolkitError } from "../errors.js";
import { acceptDataset } from "./accept-dataset.js";

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

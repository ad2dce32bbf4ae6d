// A data file, read, checked and indexed in one step: what a reload runs off the main thread
// (dataset-worker.ts), and what it falls back to on the main thread when no worker can start.
import { readJsonFile } from "../io/read-json-file.js";
import { indexDataset, type DatasetIndex } from "./dataset-index.js";
import { acceptDataset } from "./load-dataset.js";

export async function loadDatasetIndex(file: string): Promise<DatasetIndex> {
  return indexDataset(acceptDataset(await readJsonFile(file), file));
}

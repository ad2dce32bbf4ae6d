// A data file, read, checked and indexed in one step: what a reload runs off the main thread
// (dataset-worker.ts), and what it falls back to on the main thread when no worker can start.
import { reanchorDataset } from "../generate/reanchor.js";
import { readJsonFile } from "../io/read-json-file.js";
import { indexDataset, type DatasetIndex } from "./dataset-index.js";
import { acceptDataset } from "./accept-dataset.js";

/** With `now`, the data is moved to that instant first, as the mock's `now` option does. */
export async function loadDatasetIndex(file: string, now?: number): Promise<DatasetIndex> {
  const data = acceptDataset(await readJsonFile(file), file);
  return indexDataset(now === undefined ? data : reanchorDataset(data, now));
}

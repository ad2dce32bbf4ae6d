// A data file, read, checked and indexed in one step: what the first load of a large file and every
// reload run off the main thread (dataset-worker.ts), and what runs on the main thread for a small
// file or when no worker can start. Record by record when it can (stream-dataset-index.ts); the file
// read whole when that path declines it, which words every fault as before, or when `now` moves the
// data in time (its newest timestamp must be known before any record is moved).
import { DATASET_LISTS, looksLikeDataset } from "../check/check-dataset.js";
import { recordErrors } from "../check/record-errors.js";
import { reanchorDataset } from "../generate/reanchor.js";
import { readJsonFile } from "../io/read-json-file.js";
import type { Dataset } from "../types/dataset.js";
import { indexDataset, packIndex, type DatasetIndex, type PackedIndex, type PackedMap } from "./dataset-index.js";
import { acceptDataset } from "./accept-dataset.js";
import { streamDatasetIndex } from "./stream-dataset-index.js";

/**
 * The index with its bodies packed in one ArrayBuffer (what a worker transfers). With `now`, the data
 * is moved to that instant first, as the mock's `now` option does; E_DATA_INVALID names `source`
 * (default: the file).
 */
export async function loadPackedIndex(file: string, now?: number, source = file): Promise<PackedIndex> {
  const streamed = now === undefined ? await streamDatasetIndex(file) : undefined;
  return streamed ?? packIndex(await readWhole(file, now, source));
}

/** As loadPackedIndex, the bodies as Buffers (on the main thread). */
export async function loadDatasetIndex(file: string, now?: number, source = file): Promise<DatasetIndex> {
  const streamed = now === undefined ? await streamDatasetIndex(file) : undefined;
  return streamed === undefined ? readWhole(file, now, source) : unpackIndex(streamed);
}

/** The file read whole, checked and indexed: its faults are E_FILE_*, E_JSON_* and E_DATA_INVALID. */
async function readWhole(file: string, now: number | undefined, source: string): Promise<DatasetIndex> {
  const value = await readJsonFile(file);
  const data = passes(value) ? value : acceptDataset(value, source);
  return indexDataset(now === undefined ? data : reanchorDataset(data, now));
}

/**
 * True when acceptDataset would take `value`, found with the errors-only validators (several times
 * faster than the whole checker, whose warnings a load drops); a dataset that fails goes through
 * acceptDataset, which says why.
 */
export function passes(value: unknown): value is Dataset {
  if (!looksLikeDataset(value)) return false;
  const ids = new Set<string>();
  for (const [key, name] of DATASET_LISTS)
    for (const record of (value as Record<string, unknown[]>)[key]!) {
      if (recordErrors(name, record).length > 0) return false;
      if (name !== "HumanEvaluation") continue;
      const { id } = record as { id: string };
      if (ids.has(id)) return false;
      ids.add(id);
    }
  return true;
}

/** Each body of a packed map becomes a Buffer view of the packed bytes: nothing is copied. */
const asBuffers = (bytes: ArrayBuffer, map: PackedMap): Map<string, Buffer> =>
  new Map(map.map(([key, offset, length]) => [key, Buffer.from(bytes, offset, length)]));

/** A packed index (a worker thread's, or the streamed read's) with its bodies as views of its one ArrayBuffer. */
export function unpackIndex({ bytes, ...index }: PackedIndex): DatasetIndex {
  return {
    ...index,
    evaluationsByApp: asBuffers(bytes, index.evaluationsByApp),
    humanEvaluationsByApp: asBuffers(bytes, index.humanEvaluationsByApp),
    humanEvaluationById: asBuffers(bytes, index.humanEvaluationById),
  };
}

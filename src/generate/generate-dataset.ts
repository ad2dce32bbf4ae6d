// The realistic dataset in memory: the record stream collected into `{evaluations, human_evaluations}`.
import type { Dataset } from "../types/dataset.js";
import type { GenerateOptions } from "./options.js";
import { generateRecords } from "./records.js";

/**
 * A seeded, realistic, internally consistent dataset. Records of one app share that app's
 * evaluator-config objects, which are frozen: copy a record before editing its configs.
 */
export function generateDataset(options: GenerateOptions): Dataset {
  const dataset: Dataset = { evaluations: [], human_evaluations: [] };
  for (const item of generateRecords(options)) {
    if (item.kind === "evaluation") dataset.evaluations.push(item.record);
    else dataset.human_evaluations.push(item.record);
  }
  return dataset;
}

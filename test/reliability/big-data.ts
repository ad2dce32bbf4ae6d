// Big realistic datasets for the reliability tests, generated once per test file into a temp dir
// (removed by the caller) rather than committed.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generateDataset } from "../../src/generate/index.js";
import type { Dataset } from "../../src/types/dataset.js";

/** 20,000 realistic evaluations of one app (about 200,000 warnings: the real service's nulls and naive timestamps). */
export const BIG_EVALUATIONS = 20_000;

export function bigDataset(evaluations = BIG_EVALUATIONS): Dataset {
  // Two apps: the last app gets no automatic evaluations, so the first owns all of them.
  return generateDataset({ seed: 12, apps: 2, evaluations, humanEvaluations: 20 });
}

/** The app that owns every evaluation of `bigDataset`. */
export const ownerOf = (data: Dataset): string => data.evaluations[0]!.app_id;

export async function writeJsonFile(dir: string, name: string, value: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(value));
  return path;
}

// Datasets for the mock tests, built from the contract's realistic examples: two apps, a third app
// with human evaluations only, and the real service's habits the checker only warns about (nulls).
import { existsSync, readFileSync } from "node:fs";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../../src/types/dataset.js";
import { DEFAULT_SEED, generateDataset } from "../../src/generate/index.js";
import type { Evaluation, HumanEvaluation } from "../../src/types/schemas.js";

export const APP_A = "666dde95962bbaffdb0072b5";
export const APP_B = "666dde95962bbaffdb00aaaa";
export const APP_C = "666dde95962bbaffdb00cccc";

const reId = (id: string, n: number): string => `${id.slice(0, 20)}${(parseInt(id.slice(20), 16) + n).toString(16).padStart(4, "0")}`;

/** A fresh deep copy on each call: tests may edit it. */
export function exampleDataset(): Dataset {
  const evaluations: Evaluation[] = [
    ...EVALUATION_EXAMPLES,
    ...EVALUATION_EXAMPLES.map((e, i) => ({ ...e, id: reId(e.id, 100 + i), app_id: APP_B })),
    // The real service sends optional fields as null: a warning, so it must be served.
    { ...EVALUATION_EXAMPLES[0]!, id: reId(EVALUATION_EXAMPLES[0]!.id, 200), app_id: APP_B, average_cost: null } as unknown as Evaluation,
  ];
  const human = HUMAN_EVALUATION_EXAMPLES[0]!;
  const human_evaluations: HumanEvaluation[] = [
    human,
    { ...human, id: reId(human.id, 1), status: "EVALUATION_STARTED" },
    { ...human, id: reId(human.id, 2), app_id: APP_B, evaluation_type: "single_model_test" },
    { ...human, id: reId(human.id, 3), app_id: APP_C, testset_id: "", testset_name: "" },
  ];
  return structuredClone({ evaluations, human_evaluations });
}

/** The embedded default dataset; before `npm run gen` has written it, the same run in memory. */
export function defaultDataset(): { name: string; data: Dataset } {
  if (existsSync(DEFAULT_DATASET_PATH))
    return { name: "fixtures/default.json", data: JSON.parse(readFileSync(DEFAULT_DATASET_PATH, "utf8")) as Dataset };
  return { name: `dataset generated with seed ${DEFAULT_SEED}`, data: generateDataset({ seed: DEFAULT_SEED }) };
}

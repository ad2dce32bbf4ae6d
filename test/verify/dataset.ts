// The small fixed dataset the gallery's providers serve: the contract's examples (app A: two
// evaluations, one human evaluation), a second human evaluation of app A, and one record of each
// kind for app B (so an ignored app_id filter shows).
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import type { Dataset } from "../../src/types/dataset.js";

export const APP_A = EVALUATION_EXAMPLES[0]!.app_id;
export const APP_B = "666dde95962bbaffdb0072ff";

const clone = <T>(value: T): T => structuredClone(value);

export function galleryDataset(): Dataset {
  const [evalA1, evalA2] = EVALUATION_EXAMPLES.map(clone);
  const [humanA1] = HUMAN_EVALUATION_EXAMPLES.map(clone);
  const humanA2 = {
    ...clone(humanA1!),
    id: "667e1b0ad1812781f7e37702",
    evaluation_type: "single_model_test",
    variant_ids: ["666dde95962bbaffdb0072b6"],
    variant_names: ["app.default"],
    variants_revision_ids: ["666dde95962bbaffdb0072b8"],
    revisions: ["3"],
    status: "EVALUATION_STARTED",
    // The real service sends "" once the test set was deleted (domain notes).
    testset_id: "",
    testset_name: "",
  };
  const evalB = { ...clone(evalA1!), id: "667d98fbd1812781f7e376ff", app_id: APP_B };
  const humanB = { ...clone(humanA1!), id: "667e1b0ad1812781f7e377ff", app_id: APP_B };
  return { evaluations: [evalA1!, evalA2!, evalB], human_evaluations: [humanA1!, humanA2, humanB] };
}

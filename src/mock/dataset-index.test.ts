// The dataset summary the mock prints at start-up and on each reload.
import { describe, expect, it } from "vitest";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../contract/examples.js";
import { appIdsOf, describeDataset, indexDataset } from "./dataset-index.js";

describe("describeDataset", () => {
  it.each([
    [{ evaluations: [], human_evaluations: [] }, "0 evaluations, 0 human evaluations, 0 apps"],
    [
      { evaluations: EVALUATION_EXAMPLES.slice(0, 1), human_evaluations: HUMAN_EVALUATION_EXAMPLES.slice(0, 1) },
      "1 evaluation, 1 human evaluation, 1 app",
    ],
    [
      { evaluations: [...EVALUATION_EXAMPLES], human_evaluations: [{ ...HUMAN_EVALUATION_EXAMPLES[0]!, app_id: "other" }] },
      `${EVALUATION_EXAMPLES.length} evaluations, 1 human evaluation, 2 apps`,
    ],
  ])("%#: %s", (dataset, want) => {
    expect(describeDataset(dataset)).toBe(want);
    expect(indexDataset(dataset).summary).toBe(want);
  });

  it("lists app ids once each, in order of first appearance", () => {
    const human = { ...HUMAN_EVALUATION_EXAMPLES[0]!, app_id: "b" };
    const evaluations = [
      { ...EVALUATION_EXAMPLES[0]!, app_id: "a" },
      { ...EVALUATION_EXAMPLES[0]!, app_id: "c" },
      { ...EVALUATION_EXAMPLES[0]!, app_id: "a" },
    ];
    expect(appIdsOf({ evaluations, human_evaluations: [human] })).toEqual(["a", "c", "b"]);
  });
});

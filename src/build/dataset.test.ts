// buildDataset: built and partial records into one Dataset, the dataset's app for records without
// their own, app grouping kept, unique ids (GET /human-evaluations/{id} finds one record).
import { describe, expect, it } from "vitest";
import { checkDataset } from "../check/check-dataset.js";
import { ToolkitError } from "../errors.js";
import { DEFAULT_APP_ID } from "./app-parts.js";
import { buildDataset } from "./dataset.js";
import { buildEvaluation } from "./evaluation.js";
import { buildHumanEvaluation } from "./human-evaluation.js";

const OTHER_APP = "65e48be31b48af5e4a2d9bf1";

describe("buildDataset", () => {
  it("with nothing: empty lists", () => {
    expect(buildDataset()).toEqual({ evaluations: [], human_evaluations: [] });
  });

  it("takes built records as they are (a copy) and builds partial ones, each in its app", () => {
    const failed = buildEvaluation({}, { case: "evaluation-status-failed" });
    const elsewhere = buildEvaluation({ app_id: OTHER_APP });
    const human = buildHumanEvaluation({}, { case: "human-single-model" });
    const data = buildDataset({
      evaluations: [failed, {}, { user_username: "" }, elsewhere, { app_id: OTHER_APP, status: { value: "EVALUATION_STARTED" } }],
      human_evaluations: [human, { status: "EVALUATION_INITIALIZED" }],
    });
    expect(data.evaluations[0]).toEqual(failed);
    expect(data.evaluations[0]).not.toBe(failed);
    expect(data.evaluations[3]).toEqual(elsewhere);
    expect(data.evaluations.map((e) => e.app_id)).toEqual([DEFAULT_APP_ID, DEFAULT_APP_ID, DEFAULT_APP_ID, OTHER_APP, OTHER_APP]);
    expect(data.evaluations[2]!.user_username).toBe("");
    expect(data.evaluations[4]!.status.value).toBe("EVALUATION_STARTED");
    expect(data.human_evaluations[0]).toEqual(human);
    expect(data.human_evaluations[1]!.status).toBe("EVALUATION_INITIALIZED");
    expect(new Set(data.evaluations.map((e) => e.id)).size).toBe(5);
    expect(checkDataset(data).filter((f) => f.severity === "error")).toEqual([]);
  });

  it("refuses two records with one id, naming both paths", () => {
    const human = buildHumanEvaluation();
    expect(() => buildDataset({ human_evaluations: [human, {}, { id: human.id }] })).toThrow(
      new ToolkitError(
        "E_DATA_INVALID",
        `buildDataset: $.human_evaluations[2].id: duplicate-id: "${human.id}" is also the id of $.human_evaluations[0] (ids are unique: give another id, or leave it out)`,
      ),
    );
  });

  it("names the item whose overrides break the contract, and refuses what is no record", () => {
    expect(() => buildDataset({ evaluations: [{}, { revisions: [3] as never }] })).toThrow(
      new ToolkitError(
        "E_DATA_INVALID",
        "buildDataset: the Evaluation breaks the contract: $.evaluations[1].revisions[0]: type: must be string, got integer",
      ),
    );
    expect(() => buildDataset({ human_evaluations: ["x" as never] })).toThrow(
      new ToolkitError(
        "E_DATA_INVALID",
        "buildDataset: $.human_evaluations[0]: must be a record or a partial record (a plain object), got a string",
      ),
    );
  });

  it("an unknown key is E_USAGE with a did-you-mean", () => {
    expect(() => buildDataset({ humanEvaluations: [] } as never)).toThrow(
      new ToolkitError(
        "E_USAGE",
        'buildDataset: unknown key "humanEvaluations" (did you mean "human_evaluations"?); it takes evaluations and human_evaluations',
      ),
    );
    expect(() => buildDataset({ evaluation: [] } as never)).toThrow(/unknown key "evaluation" \(did you mean "evaluations"\?\)/);
    expect(() => buildDataset({ records: [] } as never)).toThrow(
      /^buildDataset: unknown key "records"; it takes evaluations and human_evaluations$/,
    );
  });
});

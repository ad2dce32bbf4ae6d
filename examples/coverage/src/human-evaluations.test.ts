// Human evaluations: the list split by type, one record by id, and the 404 and 422 a frontend shows
// as a message instead of an error page.
import { describe, expect, it } from "vitest";
import { appId, dataset } from "../test/default-dataset.js";
import { BASE_URL, preferring, useMockService } from "../test/mock-service.js";
import { createEvaluationsClient } from "./evaluations-client.js";

useMockService();
const client = createEvaluationsClient({ baseUrl: BASE_URL });

describe("humanEvaluations", () => {
  it("splits A/B tests from single-model tests", async () => {
    const { abTests, singleModel, other } = await client.humanEvaluations(appId);
    const records = dataset.human_evaluations.filter((h) => h.app_id === appId);
    expect(abTests.length + singleModel.length + other.length).toBe(records.length);
    expect(abTests.length).toBeGreaterThan(0);
    expect(singleModel.length).toBeGreaterThan(0);
    for (const test of abTests) expect(test.variant_ids).toHaveLength(2);
  });

  it("has nothing to split for an empty app", async () => {
    const empty = createEvaluationsClient({ baseUrl: BASE_URL, fetch: preferring("example=empty") });
    expect(await empty.humanEvaluations(appId)).toEqual({ abTests: [], singleModel: [], other: [] });
  });

  it("reports a server error", async () => {
    const failing = createEvaluationsClient({ baseUrl: BASE_URL, fetch: preferring("code=500") });
    await expect(failing.humanEvaluations(appId)).rejects.toMatchObject({ status: 500 });
  });
});

describe("humanEvaluation", () => {
  const records = dataset.human_evaluations.filter((h) => h.app_id === appId);

  it("offers to view a finished evaluation and to continue an unfinished one", async () => {
    const finished = records.find((h) => h.status === "EVALUATION_FINISHED")!;
    const unfinished = records.find((h) => h.status !== "EVALUATION_FINISHED")!;
    expect(await client.humanEvaluation(finished.id)).toMatchObject({ found: true, action: "view", evaluation: { id: finished.id } });
    expect(await client.humanEvaluation(unfinished.id)).toMatchObject({ found: true, action: "continue" });
  });

  it("opens a single-model test and one whose test set was deleted", async () => {
    for (const record of [records.find((h) => h.evaluation_type === "single_model_test")!, records.find((h) => h.testset_id === "")!])
      expect(await client.humanEvaluation(record.id)).toMatchObject({ found: true, evaluation: { id: record.id } });
  });

  it("says so when the evaluation does not exist (404)", async () => {
    expect(await client.humanEvaluation("f".repeat(24))).toEqual({
      found: false,
      reason: "not-found",
      message: "This evaluation no longer exists.",
    });
  });

  it("treats a malformed id as not found, as the service does (404)", async () => {
    expect(await client.humanEvaluation("not-an-id")).toMatchObject({ found: false, reason: "not-found" });
  });

  it("says so when the service refuses the id (422)", async () => {
    const refusing = createEvaluationsClient({ baseUrl: BASE_URL, fetch: preferring("code=422") });
    expect(await refusing.humanEvaluation(records[0]!.id)).toMatchObject({ found: false, reason: "invalid-id" });
  });

  it("reports a server error", async () => {
    const failing = createEvaluationsClient({ baseUrl: BASE_URL, fetch: preferring("code=503") });
    await expect(failing.humanEvaluation(records[0]!.id)).rejects.toThrow("the evaluation service answered 503");
  });
});

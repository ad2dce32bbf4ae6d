// The client against the mock service (evals-contract's MSW handlers): the lists as the real service
// answers them, and the answers a frontend must survive (an empty app, a 422, a 500, a slow answer).
import { describe, expect, it } from "vitest";
import { appId, dataset } from "../test/default-dataset.js";
import { BASE_URL, preferring, useMockService } from "../test/mock-service.js";
import { createEvaluationsClient, ServiceError } from "./evaluations-client.js";

useMockService();
const client = createEvaluationsClient({ baseUrl: BASE_URL });

describe("evaluationRows", () => {
  it("turns the app's evaluations into rows", async () => {
    const rows = await client.evaluationRows(appId);
    const records = dataset.evaluations.filter((e) => e.app_id === appId);
    expect(rows.map((row) => row.id)).toEqual(records.map((e) => e.id));
  });

  it("labels a failed evaluation with its error message", async () => {
    const rows = await client.evaluationRows(appId);
    const failed = rows.filter((row) => row.failed);
    expect(failed.length).toBeGreaterThan(0);
    for (const row of failed) expect(row.status).toMatch(/^(Failed|Aggregation failed|Finished with errors)?: ?\S/);
    expect(failed.some((row) => row.status === "Failed: Evaluation Failed")).toBe(true);
  });

  it("shows costs in dollars, n/a while running and error when the service has none", async () => {
    const rows = await client.evaluationRows(appId);
    expect(rows.some((row) => /^\$\d+\.\d{4}$/.test(row.averageCost))).toBe(true);
    expect(rows.some((row) => row.averageCost === "n/a")).toBe(true);
    for (const row of rows) expect(row.totalCost).toMatch(/^(\$\d+\.\d{4}|n\/a|error)$/);
  });

  it("marks the rows whose evaluator config was deleted ({})", async () => {
    const rows = await client.evaluationRows(appId);
    expect(rows.some((row) => row.deletedConfig)).toBe(true);
    expect(rows.some((row) => !row.deletedConfig)).toBe(true);
  });

  it("gives no rows for an app without evaluations", async () => {
    const empty = createEvaluationsClient({ baseUrl: BASE_URL, fetch: preferring("example=empty") });
    expect(await empty.evaluationRows(appId)).toEqual([]);
  });

  it("reports the service's 422 with its detail", async () => {
    const refusing = createEvaluationsClient({ baseUrl: BASE_URL, fetch: preferring("code=422") });
    const error = await refusing.evaluationRows(appId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(422);
    expect((error as ServiceError).detail).toEqual([expect.objectContaining({ loc: ["query", "app_id"] })]);
  });

  it("reports a server error", async () => {
    const failing = createEvaluationsClient({ baseUrl: BASE_URL, fetch: preferring("code=500") });
    await expect(failing.evaluationRows(appId)).rejects.toThrow("the evaluation service answered 500: Internal Server Error");
  });

  it("waits for a slow answer", async () => {
    const slow = createEvaluationsClient({ baseUrl: BASE_URL, fetch: preferring("delay=1000") });
    const started = Date.now();
    const rows = await slow.evaluationRows(appId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(rows.length).toBeGreaterThan(0);
  });
});

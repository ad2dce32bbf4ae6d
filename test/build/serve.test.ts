// A built Dataset is one the mock server and the MSW handlers accept and serve: each app's list holds
// its records in order, every human evaluation is found by its id, and the answers pass the checker.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDataset, buildEvaluation, buildHumanEvaluation, DEFAULT_APP_ID, type Dataset } from "../../src/build/index.js";
import { checkResponse } from "../../src/check/index.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { createMswHandlers } from "../../src/msw/index.js";

const OTHER_APP = "65e48be31b48af5e4a2d9bf1";

const data: Dataset = buildDataset({
  evaluations: [
    buildEvaluation({}, { case: "evaluation-status-failed" }),
    buildEvaluation({}, { case: ["evaluation-deleted-evaluator-config", "evaluation-cost-error"] }),
    { app_id: OTHER_APP },
    buildEvaluation({}, { case: "evaluation-status-started" }),
    { user_username: "" },
  ],
  human_evaluations: [
    buildHumanEvaluation({}, { case: "human-a-b-test" }),
    { app_id: OTHER_APP },
    buildHumanEvaluation({}, { case: ["human-single-model", "human-unfinished"] }),
  ],
});

const ofApp = <T extends { app_id: string }>(records: T[], app: string): T[] => records.filter((r) => r.app_id === app);

/** What a client sees at `base`: each app's lists and each human evaluation by id, checked against the contract. */
async function served(base: string): Promise<void> {
  for (const app of [DEFAULT_APP_ID, OTHER_APP]) {
    for (const [path, operationId, records] of [
      ["evaluations", "listEvaluations", data.evaluations],
      ["human-evaluations", "listHumanEvaluations", data.human_evaluations],
    ] as const) {
      const response = await fetch(`${base}/${path}/?app_id=${app}`);
      const body = await response.text();
      expect(response.status).toBe(200);
      expect(JSON.parse(body)).toEqual(ofApp<{ app_id: string }>(records, app));
      const findings = checkResponse(operationId, { status: 200, headers: response.headers, body });
      expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    }
  }
  for (const human of data.human_evaluations) {
    const response = await fetch(`${base}/human-evaluations/${human.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(human);
  }
}

describe("a built dataset", () => {
  it("groups the records: the default app's and the other app's", () => {
    expect(ofApp(data.evaluations, DEFAULT_APP_ID)).toHaveLength(4);
    expect(ofApp(data.human_evaluations, OTHER_APP)).toHaveLength(1);
  });

  describe("on the mock server", () => {
    let mock: RunningMockServer;
    beforeAll(async () => {
      mock = await startMockServer({ data, port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => mock?.close());

    it("is served: lists per app, each human evaluation by id", async () => {
      await served(mock.url);
    });
  });

  describe("in MSW (msw/node)", () => {
    const ORIGIN = "http://evals.build.test";
    const server = setupServer(...createMswHandlers({ data, origin: ORIGIN, basePath: "/api" }));
    beforeAll(() => server.listen({ onUnhandledRequest: "error", onUnhandledFrame: "error" } as never));
    afterAll(() => server.close());

    it("is served: lists per app, each human evaluation by id", async () => {
      await served(`${ORIGIN}/api`);
    });
  });
});

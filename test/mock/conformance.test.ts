// Every response the mock serves over the whole default dataset passes the conformance checker,
// lists hold exactly each app's records, and the single record agrees with the list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import type { Finding } from "../../src/check/finding.js";
import type { OperationId } from "../../src/contract/operations.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { defaultDataset } from "./datasets.js";
import { get } from "./http.js";

const { name, data } = defaultDataset();
let server: RunningMockServer;

beforeAll(async () => {
  server = await startMockServer({ data, port: 0 });
});
afterAll(async () => {
  await server?.close();
});

const errorsOf = (findings: Finding[]): Finding[] => findings.filter((f) => f.severity === "error");

describe(`mock responses over the ${name}`, () => {
  const apps = [...new Set([...data.evaluations, ...data.human_evaluations].map((r) => r.app_id))];

  it("has apps, evaluations and human evaluations to serve", () => {
    expect(apps.length).toBeGreaterThan(1);
    expect(data.evaluations.length).toBeGreaterThan(0);
    expect(data.human_evaluations.length).toBeGreaterThan(0);
  });

  it("serves each app's lists: exactly its records, each list conforming", async () => {
    const lists: [OperationId, string, "evaluations" | "human_evaluations"][] = [
      ["listEvaluations", "/evaluations", "evaluations"],
      ["listHumanEvaluations", "/human-evaluations", "human_evaluations"],
    ];
    for (const app of apps)
      for (const [operationId, path, key] of lists) {
        const got = await get(`${server.url}${path}/?app_id=${encodeURIComponent(app)}`);
        expect(got.status).toBe(200);
        expect(errorsOf(checkResponse(operationId, got)), `${path}?app_id=${app}`).toEqual([]);
        expect(JSON.parse(got.text)).toEqual((data[key] as { app_id: string }[]).filter((r) => r.app_id === app));
      }
  });

  it("serves every human evaluation by id, conforming and equal to its list entry", async () => {
    const lists = new Map<string, { id: string }[]>();
    for (const record of data.human_evaluations) {
      if (!lists.has(record.app_id)) {
        const list = await get(`${server.url}/human-evaluations?app_id=${encodeURIComponent(record.app_id)}`);
        lists.set(record.app_id, JSON.parse(list.text) as { id: string }[]);
      }
      const got = await get(`${server.url}/human-evaluations/${encodeURIComponent(record.id)}`);
      expect(got.status).toBe(200);
      expect(errorsOf(checkResponse("getHumanEvaluation", got)), record.id).toEqual([]);
      const body: unknown = JSON.parse(got.text);
      expect(body).toEqual(record);
      expect(body).toEqual(lists.get(record.app_id)!.find((r) => r.id === record.id));
    }
  });
});

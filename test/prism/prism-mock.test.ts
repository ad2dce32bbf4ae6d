// Prism's mock on contracts/openapi.yaml: the static mock answers the three operations with the
// document's examples (which pass the conformance checker) and a missing app_id with the
// service's 422 body; the dynamic mock generates conforming, seed-stable responses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES, VALIDATION_ERROR_EXAMPLE } from "../../src/contract/examples.js";
import { pathFor, type OperationId } from "../../src/contract/operations.js";
import { startPrism, type PrismExchange, type RunningPrism } from "../../src/prism/index.js";

const APP_ID = "666dde95962bbaffdb0072b5";
const HUMAN_ID = HUMAN_EVALUATION_EXAMPLES[0]!.id;

const REQUESTS: [OperationId, string, unknown][] = [
  ["listEvaluations", `${pathFor("listEvaluations")}?app_id=${APP_ID}`, EVALUATION_EXAMPLES],
  ["listHumanEvaluations", `${pathFor("listHumanEvaluations")}?app_id=${APP_ID}`, HUMAN_EVALUATION_EXAMPLES],
  ["getHumanEvaluation", pathFor("getHumanEvaluation", { evaluation_id: HUMAN_ID }), HUMAN_EVALUATION_EXAMPLES[0]],
];

const errorsOf = (operationId: OperationId, response: { status: number; headers: Headers; body: string }) =>
  checkResponse(operationId, response).filter((f) => f.severity === "error");

async function get(base: string, path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(base + path, init);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

let staticMock: RunningPrism | undefined;
let dynamicMock: RunningPrism | undefined;
const exchanges: PrismExchange[] = [];

beforeAll(async () => {
  // Both start in parallel: Prism's start-up (2-3 s) dominates this file.
  const started = await Promise.allSettled([
    startPrism({ mode: "mock", port: 0, onExchange: (e) => exchanges.push(e) }),
    startPrism({ mode: "mock", port: 0, dynamic: true, seed: "42" }),
  ]);
  [staticMock, dynamicMock] = started.map((s) => (s.status === "fulfilled" ? s.value : undefined));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
});

afterAll(async () => {
  await Promise.all([staticMock?.close(), dynamicMock?.close()]);
});

describe("prism mock (static)", () => {
  it("listens on the port it reports", () => {
    expect(staticMock!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(staticMock!.url).toBe(`http://127.0.0.1:${staticMock!.port}`);
  });

  it.each(REQUESTS)("%s answers 200 with the document's example, which conforms", async (operationId, path, example) => {
    const response = await get(staticMock!.url, path);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual(example);
    expect(errorsOf(operationId, response)).toEqual([]);
  });

  it("answers a missing app_id with 422 and the service's validation body, and reports the request violation", async () => {
    const response = await get(staticMock!.url, pathFor("listEvaluations"));
    expect(response.status).toBe(422);
    expect(JSON.parse(response.body)).toEqual(VALIDATION_ERROR_EXAMPLE);
    expect(errorsOf("listEvaluations", response)).toEqual([]);
    const exchange = exchanges.find((e) => e.url === "/evaluations");
    expect(exchange).toMatchObject({ method: "GET", status: 422 });
    expect(exchange!.violations).toEqual([
      expect.objectContaining({ location: ["request", "query"], code: "required", severity: "Error" }),
    ]);
  });

  it("reports conforming exchanges without violations", () => {
    const ok = exchanges.filter((e) => e.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    for (const exchange of ok) expect(exchange.violations).toEqual([]);
  });

  it("sends CORS headers, but knows no trailing-slash paths and no other methods (unlike the fixture mock)", async () => {
    const list = await get(staticMock!.url, `/evaluations?app_id=${APP_ID}`, { headers: { origin: "http://localhost:5173" } });
    expect(list.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect((await get(staticMock!.url, `/evaluations/?app_id=${APP_ID}`)).status).toBe(404);
    expect((await get(staticMock!.url, `/evaluations?app_id=${APP_ID}`, { method: "POST" })).status).toBe(405);
  });
});

describe("prism mock --dynamic", () => {
  it.each(REQUESTS)("%s answers a generated 200 that passes the checker", async (operationId, path, example) => {
    const response = await get(dynamicMock!.url, path);
    expect(response.status).toBe(200);
    expect(errorsOf(operationId, response)).toEqual([]);
    expect(JSON.parse(response.body)).not.toEqual(example);
  });

  it("generates the same response again with the same seed", async () => {
    const path = pathFor("getHumanEvaluation", { evaluation_id: HUMAN_ID });
    const [first, second] = [await get(dynamicMock!.url, path), await get(dynamicMock!.url, path)];
    expect(second.body).toBe(first.body);
  });
});

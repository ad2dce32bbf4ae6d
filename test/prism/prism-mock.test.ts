// Prism's mock on the contract's document: the static mock answers the three operations with the
// document's examples (which pass the conformance checker), every path also with a trailing slash,
// and a missing app_id with FastAPI's own 422 body, byte for byte, for each compatibility target;
// the dynamic mock generates non-empty lists with real date-times that pass the checker, the same
// bytes again for the same seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import { MISSING_APP_ID_BODIES } from "../../src/contract/error-bodies.js";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../src/contract/examples.js";
import { pathFor, type OperationId } from "../../src/contract/operations.js";
import { startPrism, type PrismExchange, type RunningPrism } from "../../src/prism/index.js";

const APP_ID = "666dde95962bbaffdb0072b5";
const HUMAN_ID = HUMAN_EVALUATION_EXAMPLES[0]!.id;

const REQUESTS: [OperationId, string, unknown][] = [
  ["listEvaluations", `${pathFor("listEvaluations")}?app_id=${APP_ID}`, EVALUATION_EXAMPLES],
  ["listHumanEvaluations", `${pathFor("listHumanEvaluations")}?app_id=${APP_ID}`, HUMAN_EVALUATION_EXAMPLES],
  ["getHumanEvaluation", pathFor("getHumanEvaluation", { evaluation_id: HUMAN_ID }), HUMAN_EVALUATION_EXAMPLES[0]],
];

/** The same requests as the real web client sends them: with a trailing slash. */
const withSlash = (path: string): string => path.replace(/(\?|$)/, "/$1");

const errorsOf = (operationId: OperationId, response: { status: number; headers: Headers; body: string }) =>
  checkResponse(operationId, response).filter((f) => f.severity === "error");

async function get(base: string, path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(base + path, init);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

let staticMock: RunningPrism | undefined;
let pydantic2Mock: RunningPrism | undefined;
let dynamicMock: RunningPrism | undefined;
const exchanges: PrismExchange[] = [];

beforeAll(async () => {
  // All start in parallel: Prism's start-up (2-3 s) dominates this file.
  const started = await Promise.allSettled([
    startPrism({ mode: "mock", port: 0, onExchange: (e) => exchanges.push(e) }),
    startPrism({ mode: "mock", port: 0, compat: "v2" }),
    startPrism({ mode: "mock", port: 0, dynamic: true, seed: "42" }),
  ]);
  [staticMock, pydantic2Mock, dynamicMock] = started.map((s) => (s.status === "fulfilled" ? s.value : undefined));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
});

afterAll(async () => {
  await Promise.all([staticMock?.close(), pydantic2Mock?.close(), dynamicMock?.close()]);
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

  it.each(REQUESTS)("%s answers the same with a trailing slash, as the real service", async (_operationId, path) => {
    const [plain, slashed] = [await get(staticMock!.url, path), await get(staticMock!.url, withSlash(path))];
    expect(slashed.status).toBe(200);
    expect(slashed.body).toBe(plain.body);
  });

  it("answers a missing app_id with 422 and FastAPI's pydantic 1 body byte for byte (the default), and reports the request violation", async () => {
    for (const path of ["/evaluations", "/human-evaluations", "/evaluations/", "/human-evaluations/"]) {
      const response = await get(staticMock!.url, path);
      expect([path, response.status, response.body]).toEqual([path, 422, MISSING_APP_ID_BODIES.v1]);
      expect(errorsOf("listEvaluations", response)).toEqual([]);
    }
    const exchange = exchanges.find((e) => e.url === "/evaluations");
    expect(exchange).toMatchObject({ method: "GET", status: 422 });
    expect(exchange!.violations).toEqual([
      expect.objectContaining({ location: ["request", "query"], code: "required", severity: "Error" }),
    ]);
  });

  it("with --compat v2, answers FastAPI's pydantic 2 body byte for byte", async () => {
    for (const path of ["/evaluations", "/human-evaluations/"]) {
      const response = await get(pydantic2Mock!.url, path);
      expect([path, response.status, response.body]).toEqual([path, 422, MISSING_APP_ID_BODIES.v2]);
      // pydantic 2 adds "input", which the seed does not list: a warning, no error.
      expect(errorsOf("listHumanEvaluations", response)).toEqual([]);
    }
  });

  it("reports conforming exchanges without violations", () => {
    const ok = exchanges.filter((e) => e.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(6);
    for (const exchange of ok) expect(exchange.violations).toEqual([]);
  });

  it("sends CORS headers and knows no other methods", async () => {
    const list = await get(staticMock!.url, `/evaluations?app_id=${APP_ID}`, { headers: { origin: "http://localhost:5173" } });
    expect(list.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect((await get(staticMock!.url, `/evaluations?app_id=${APP_ID}`, { method: "POST" })).status).toBe(405);
  });
});

const TIMESTAMP_KEYS = new Set(["created_at", "updated_at"]);

/** Every created_at / updated_at in a body. */
function timestampsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) timestampsIn(item, found);
  else if (typeof value === "object" && value !== null)
    for (const [key, sub] of Object.entries(value)) {
      if (TIMESTAMP_KEYS.has(key) && typeof sub === "string") found.push(sub);
      else timestampsIn(sub, found);
    }
  return found;
}

describe("prism mock --dynamic --seed 42", () => {
  const requests: [OperationId, string][] = [
    ...REQUESTS.map(([operationId, path]): [OperationId, string] => [operationId, path]),
    ...REQUESTS.map(([operationId, path]): [OperationId, string] => [operationId, withSlash(path)]),
    ["listEvaluations", "/evaluations?app_id=another-app"],
    ["listHumanEvaluations", "/human-evaluations/?app_id=x"],
    ["getHumanEvaluation", "/human-evaluations/any-id"],
  ];

  it.each(requests)("%s %s: a generated 200 that passes the checker, lists not empty, real date-times", async (operationId, path) => {
    const response = await get(dynamicMock!.url, path);
    expect(response.status).toBe(200);
    expect(errorsOf(operationId, response)).toEqual([]);
    const body = JSON.parse(response.body) as unknown;
    if (operationId !== "getHumanEvaluation") expect((body as unknown[]).length).toBeGreaterThan(0);
    const timestamps = timestampsIn(body);
    expect(timestamps.length).toBeGreaterThanOrEqual(2);
    for (const timestamp of timestamps) {
      // ISO 8601 in UTC, and Date reads back the very instant the text names (no 30 February).
      expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(new Date(timestamp).toISOString().slice(0, 19)).toBe(timestamp.slice(0, 19));
    }
  });

  it("does not answer the examples", async () => {
    const [, path, example] = REQUESTS[0]!;
    expect(JSON.parse((await get(dynamicMock!.url, path)).body)).not.toEqual(example);
  });

  it("generates the same bytes again for the same request (Prism re-seeds each generation)", async () => {
    for (const [, path] of REQUESTS) {
      const [first, second] = [await get(dynamicMock!.url, path), await get(dynamicMock!.url, path)];
      expect(second.body).toBe(first.body);
    }
  });

  it("answers a missing app_id with the same 422 body as the static mock", async () => {
    const response = await get(dynamicMock!.url, "/evaluations");
    expect([response.status, response.body]).toEqual([422, MISSING_APP_ID_BODIES.v1]);
  });
});

// The MSW handlers answer exactly as the mock server does: for a table of requests, under each
// compat mode, with and without a base path, the status, the headers a client reads and the body
// bytes are equal. MSW runs under msw/node's setupServer; the mock server listens on port 0.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type RunningMockServer, type Scheduler } from "../../src/mock/index.js";
import { createMswHandlers } from "../../src/msw/index.js";
import type { CompatMode } from "../../src/contract/error-bodies.js";
import { APP_A, APP_B, exampleDataset } from "../mock/datasets.js";

const MSW_ORIGIN = "http://evals.msw.test";
const data = exampleDataset();
const humanId = data.human_evaluations[0]!.id;
const UNKNOWN_APP = "0123456789abcdef01234567";
const UNKNOWN_ID = "0123456789abcdef0123abcd";

/** What a client reads: everything but the transport's own (date, connection, keep-alive). */
const HEADERS = [
  "content-type",
  "content-length",
  "allow",
  "preference-applied",
  "vary",
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-expose-headers",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-max-age",
];

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

async function answer(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)])),
    body: Buffer.from(bytes).toString("latin1"),
  };
}

const ORIGIN = { Origin: "http://localhost:5173" };
const REQUESTS: Array<[string, string, RequestInit?]> = [
  ["evaluations list", `/evaluations?app_id=${APP_A}`],
  ["evaluations list, trailing slash", `/evaluations/?app_id=${APP_B}`],
  ["human evaluations list", `/human-evaluations?app_id=${APP_A}`],
  ["human evaluations list, trailing slash", `/human-evaluations/?app_id=${APP_B}`],
  ["human evaluation by id", `/human-evaluations/${humanId}`],
  ["human evaluation by id, trailing slash", `/human-evaluations/${humanId}/`],
  ["unknown app", `/evaluations?app_id=${UNKNOWN_APP}`],
  ["malformed app id", `/evaluations?app_id=nope`],
  ["empty app id", `/human-evaluations?app_id=`],
  ["unknown human evaluation", `/human-evaluations/${UNKNOWN_ID}`],
  ["malformed human evaluation id", `/human-evaluations/xyz`],
  ["missing app_id (422)", `/evaluations`],
  ["missing app_id, trailing slash (422)", `/human-evaluations/`],
  ["unknown path (404)", `/nothing-here`],
  ["root (404)", `/`],
  ["POST (405)", `/evaluations?app_id=${APP_A}`, { method: "POST" }],
  ["DELETE by id (405)", `/human-evaluations/${humanId}`, { method: "DELETE" }],
  ["with an Origin (CORS)", `/evaluations?app_id=${APP_A}`, { headers: ORIGIN }],
  [
    "preflight",
    `/evaluations?app_id=${APP_A}`,
    { method: "OPTIONS", headers: { ...ORIGIN, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "prefer" } },
  ],
  ["preflight for PUT", `/evaluations`, { method: "OPTIONS", headers: { ...ORIGIN, "Access-Control-Request-Method": "PUT" } }],
  ["Prefer: code=500", `/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=500" } }],
  ["Prefer: code=404 by id", `/human-evaluations/${humanId}`, { headers: { Prefer: "code=404" } }],
  ["Prefer: code=422", `/human-evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=422" } }],
  ["Prefer: code=401", `/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=401" } }],
  ["Prefer: example=empty", `/evaluations?app_id=${APP_A}`, { headers: { Prefer: "example=empty" } }],
  ["Prefer: delay=250", `/human-evaluations?app_id=${APP_A}`, { headers: { Prefer: "delay=250" } }],
  ["Prefer: code=503, delay=10", `/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=503, delay=10" } }],
  ["__code query scenario", `/evaluations?app_id=${APP_A}&__code=502`],
  ["__empty query scenario", `/human-evaluations?app_id=${APP_B}&__empty=1`],
  ["a typo of a scenario (400)", `/evaluations?app_id=${APP_A}&__cod=500`],
  ["a bad scenario value (400)", `/evaluations?app_id=${APP_A}`, { headers: { Prefer: "code=abc" } }],
];

const CONFIGS: Array<{ compat: CompatMode; basePath: string; cors: "any" | "strict"; delayMs: number }> = [
  { compat: "v1", basePath: "", cors: "any", delayMs: 0 },
  { compat: "v2", basePath: "/api", cors: "any", delayMs: 0 },
  { compat: "legacy", basePath: "/api/v1", cors: "strict", delayMs: 40 },
];

// Delays are asked for, recorded and skipped: the same ones on both sides, without waiting.
const immediate: Scheduler = (_delayMs, send) => {
  queueMicrotask(send);
  return () => undefined;
};

describe.each(CONFIGS)("MSW handlers equal the mock server (compat $compat, base path '$basePath', cors $cors)", (config) => {
  let mock: RunningMockServer;
  const mswDelays: number[] = [];
  const handlers = createMswHandlers({
    data,
    ...config,
    origin: MSW_ORIGIN,
    wait: async (ms) => {
      mswDelays.push(ms);
    },
  });
  // Behind them, a handler for what they leave alone (other origins, paths outside the base path).
  const next = () => HttpResponse.text("next handler");
  const server = setupServer(...handlers, http.all(`${MSW_ORIGIN}/*`, next), http.all("http://other.test/*", next));

  beforeAll(async () => {
    mock = await startMockServer({ data, port: 0, ...config, schedule: immediate });
    server.listen({ onUnhandledRequest: "bypass" });
  });
  afterEach(() => {
    mswDelays.length = 0;
  });
  afterAll(async () => {
    server.close();
    await mock?.close();
  });

  it.each(REQUESTS)("%s", async (_name, path, init) => {
    const fromMock = await answer(`${mock.url}${path}`, init);
    const fromMsw = await answer(`${MSW_ORIGIN}${config.basePath}${path}`, init);
    expect(fromMsw).toEqual(fromMock);
  });

  it("asks for the same delays as the mock (the default latency, or the scenario's)", async () => {
    await answer(`${MSW_ORIGIN}${config.basePath}/evaluations?app_id=${APP_A}`);
    await answer(`${MSW_ORIGIN}${config.basePath}/evaluations?app_id=${APP_A}`, { headers: { Prefer: "delay=250" } });
    expect(mswDelays).toEqual(config.delayMs > 0 ? [config.delayMs, 250] : [250]);
  });

  it("leaves other origins and paths outside the base path to the next handler", async () => {
    const elsewhere = [`http://other.test/evaluations?app_id=${APP_A}`];
    if (config.basePath !== "") elsewhere.push(`${MSW_ORIGIN}/elsewhere/evaluations?app_id=${APP_A}`);
    for (const url of elsewhere) expect(await (await fetch(url)).text()).toBe("next handler");
  });
});

describe("createMswHandlers", () => {
  it("refuses data that breaks the contract, as the mock does (E_DATA_INVALID)", () => {
    expect(() => createMswHandlers({ data: { evaluations: [{}], human_evaluations: [] } as never })).toThrow(
      expect.objectContaining({ code: "E_DATA_INVALID" }),
    );
  });

  it("serves new data after setDataset", async () => {
    const handlers = createMswHandlers({ data, origin: MSW_ORIGIN });
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      handlers.setDataset({ evaluations: [], human_evaluations: [] });
      const got = await answer(`${MSW_ORIGIN}/evaluations?app_id=${APP_A}`);
      expect([got.status, got.body]).toEqual([200, "[]"]);
    } finally {
      server.close();
    }
  });
});

// The MSW handlers answer exactly as the mock server does: for a table of requests, under each
// compat mode, with and without a base path, the status, the headers a client reads and the body
// bytes are equal. MSW runs under msw/node's setupServer; the mock server listens on port 0.
import { readFile } from "node:fs/promises";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startMockServer, type RunningMockServer, type Scheduler } from "../../src/mock/index.js";
import { createMswHandlers } from "../../src/msw/index.js";
import type { CompatMode } from "../../src/contract/error-bodies.js";
import { APP_A, APP_B, exampleDataset } from "../mock/datasets.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../../src/types/dataset.js";

const MSW_ORIGIN = "http://evals.msw.test";

type ListenOptions = Parameters<ReturnType<typeof setupServer>["listen"]>[0];
/** msw 3 renamed onUnhandledRequest to onUnhandledFrame (and ignores the old name): both, so each test means the same under msw 2 and 3. */
const onUnhandled = (strategy: "error" | "bypass"): ListenOptions =>
  ({ onUnhandledRequest: strategy, onUnhandledFrame: strategy }) as ListenOptions;
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
    server.listen(onUnhandled("bypass"));
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
    server.listen(onUnhandled("error"));
    try {
      handlers.setDataset({ evaluations: [], human_evaluations: [] });
      const got = await answer(`${MSW_ORIGIN}/evaluations?app_id=${APP_A}`);
      expect([got.status, got.body]).toEqual([200, "[]"]);
    } finally {
      server.close();
    }
  });

  it("with no options serves the embedded default dataset, byte for byte as `npm start`'s mock", async () => {
    const defaults = JSON.parse(await readFile(DEFAULT_DATASET_PATH, "utf8")) as Dataset;
    const app = defaults.evaluations[0]!.app_id;
    const human = defaults.human_evaluations[0]!.id;
    const paths = [`/evaluations?app_id=${app}`, `/human-evaluations?app_id=${app}`, `/human-evaluations/${human}`, "/evaluations"];
    // The mock's answers first: once listening, handlers without an origin answer the service's
    // paths on every origin, the mock's own included.
    const mock = await startMockServer({ port: 0 });
    const fromMock: Answer[] = [];
    try {
      for (const path of paths) fromMock.push(await answer(`${mock.url}${path}`));
    } finally {
      await mock.close();
    }
    const server = setupServer(...createMswHandlers());
    server.listen(onUnhandled("error"));
    try {
      for (const [i, path] of paths.entries()) expect(await answer(`${MSW_ORIGIN}${path}`)).toEqual(fromMock[i]);
      expect(fromMock.map((a) => a.status)).toEqual([200, 200, 200, 422]);
      expect(JSON.parse(fromMock[0]!.body)).toHaveLength(defaults.evaluations.filter((e) => e.app_id === app).length);
    } finally {
      server.close();
    }
  });

  it("setDataset before the first request serves that data, never the default", async () => {
    const handlers = createMswHandlers({ origin: MSW_ORIGIN });
    expect(handlers.setDataset(data)).toMatch(/evaluations/);
    const server = setupServer(...handlers);
    server.listen(onUnhandled("error"));
    try {
      const got = await answer(`${MSW_ORIGIN}/human-evaluations/${humanId}`);
      expect([got.status, JSON.parse(got.body).id]).toEqual([200, humanId]);
    } finally {
      server.close();
    }
  });
});

describe("what the handlers claim: the rest stays unhandled for MSW", () => {
  // onUnhandledRequest "error" makes an unhandled request fail: that is what the user configured.
  const unhandled = async (url: string): Promise<boolean> =>
    fetch(url).then(
      () => false,
      () => true,
    );

  it("without an origin: the service's paths on any origin, nothing else (msw's onUnhandledRequest applies)", async () => {
    const server = setupServer(...createMswHandlers({ data }));
    server.listen(onUnhandled("error"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (const url of [
        `http://any.test/evaluations?app_id=${APP_A}`,
        `http://any.test/evaluations/?app_id=${APP_A}`,
        `http://localhost:5173/human-evaluations/${humanId}`,
        `http://localhost:5173/human-evaluations/${humanId}/`,
        `http://localhost:5173/human-evaluations/%E0%A4%A`,
        "http://localhost:5173/human-evaluations",
      ])
        expect(await unhandled(url), url).toBe(false);
      for (const url of [
        "http://localhost:5173/",
        "http://localhost:5173/assets/index-abc.js",
        "http://localhost:5173/@vite/client",
        "http://localhost:5173/api/users",
        "http://localhost:5173/evaluations/x",
        "http://localhost:5173/human-evaluations/a/b",
        "http://localhost:5173/evaluationsx",
      ])
        expect(await unhandled(url), url).toBe(true);
    } finally {
      errors.mockRestore();
      server.close();
    }
  });

  it("with a base path: only the service's paths under it", async () => {
    const server = setupServer(...createMswHandlers({ data, basePath: "/api" }));
    server.listen(onUnhandled("error"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await unhandled(`http://localhost:5173/api/evaluations?app_id=${APP_A}`)).toBe(false);
      expect(await unhandled(`http://localhost:5173/evaluations?app_id=${APP_A}`)).toBe(true);
      expect(await unhandled("http://localhost:5173/api/other")).toBe(true);
    } finally {
      errors.mockRestore();
      server.close();
    }
  });

  it("with an origin: every path under the base path there (the service's 404 for unknown ones), nothing elsewhere", async () => {
    const server = setupServer(...createMswHandlers({ data, origin: MSW_ORIGIN, basePath: "/api" }));
    server.listen(onUnhandled("error"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await answer(`${MSW_ORIGIN}/api/nothing-here`)).status).toBe(404);
      expect(await unhandled(`${MSW_ORIGIN}/elsewhere`)).toBe(true);
      expect(await unhandled(`http://other.test/api/evaluations?app_id=${APP_A}`)).toBe(true);
    } finally {
      errors.mockRestore();
      server.close();
    }
  });
});

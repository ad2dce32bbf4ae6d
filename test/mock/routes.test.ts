// The mock's paths, errors, CORS and headers over real HTTP (ephemeral port, always closed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import type { AddressInfo } from "node:net";
import { createMockServer, startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, APP_B, exampleDataset } from "./datasets.js";
import { get } from "./http.js";

const data = exampleDataset();
const MISSING_APP_ID = '{"detail":[{"loc":["query","app_id"],"msg":"Field required","type":"missing"}]}';
const humanId = data.human_evaluations[0]!.id;
let server: RunningMockServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startMockServer({ data, port: 0, log: (line) => lines.push(line) });
});
afterAll(async () => {
  await server?.close();
});

describe("mock server routes", () => {
  it("listens on 127.0.0.1 and reports its URL without a trailing slash", () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it.each([
    ["/evaluations", "evaluations"],
    ["/human-evaluations", "human_evaluations"],
  ] as const)("GET %s?app_id= returns exactly that app's records, with or without a trailing slash", async (path, key) => {
    for (const app of [APP_A, APP_B]) {
      const want = data[key].filter((r) => r.app_id === app);
      expect(want.length).toBeGreaterThan(0);
      for (const p of [path, `${path}/`]) {
        const got = await get(`${server.url}${p}?app_id=${app}`);
        expect(got.status).toBe(200);
        expect(got.headers.get("content-type")).toBe("application/json");
        expect(JSON.parse(got.text)).toEqual(want);
      }
    }
  });

  it("answers an unknown app with []", async () => {
    for (const path of ["/evaluations", "/human-evaluations/"]) {
      const got = await get(`${server.url}${path}?app_id=nope`);
      expect([got.status, got.text]).toEqual([200, "[]"]);
    }
  });

  it("GET /human-evaluations/{id} returns the record the list shows", async () => {
    for (const record of data.human_evaluations) {
      const list = JSON.parse((await get(`${server.url}/human-evaluations?app_id=${record.app_id}`)).text) as { id: string }[];
      const fromList = list.find((r) => r.id === record.id);
      for (const suffix of ["", "/"]) {
        const got = await get(`${server.url}/human-evaluations/${record.id}${suffix}`);
        expect(got.status).toBe(200);
        expect(JSON.parse(got.text)).toEqual(fromList);
        expect(checkResponse("getHumanEvaluation", got).filter((f) => f.severity === "error")).toEqual([]);
      }
    }
  });

  it.each(["/evaluations", "/evaluations/", "/human-evaluations", "/human-evaluations/"])(
    "GET %s without app_id, or with an empty one, is the framework's 422 byte for byte",
    async (path) => {
      for (const query of ["", "?app_id=", "?other=1", "?app_id"]) {
        const got = await get(`${server.url}${path}${query}`);
        expect(got.status).toBe(422);
        expect(got.text).toBe(MISSING_APP_ID);
        expect(got.headers.get("content-type")).toBe("application/json");
        const operationId = path.startsWith("/evaluations") ? "listEvaluations" : "listHumanEvaluations";
        expect(checkResponse(operationId, got)).toEqual([]);
      }
    },
  );

  it("answers an unknown id with 404 Evaluation not found", async () => {
    const got = await get(`${server.url}/human-evaluations/000000000000000000000000`);
    expect([got.status, got.text]).toEqual([404, '{"detail":"Evaluation not found"}']);
    expect(got.headers.get("content-type")).toBe("application/json");
  });

  it.each(["/", "/evaluation", "/evaluations/x/y", "/human-evaluations/a/b", "/api/evaluations", "//evaluations"])(
    "answers the unknown path %s with 404 Not Found",
    async (path) => {
      const got = await get(`${server.url}${path}?app_id=${APP_A}`);
      expect([got.status, got.text]).toEqual([404, '{"detail":"Not Found"}']);
    },
  );

  it.each(["POST", "PUT", "PATCH", "DELETE"])("answers %s on a known path with 405 and Allow: GET", async (method) => {
    for (const path of ["/evaluations", `/human-evaluations/${humanId}/`]) {
      const got = await get(`${server.url}${path}?app_id=${APP_A}`, { method, body: method === "DELETE" ? undefined : "{}" });
      expect([got.status, got.text]).toEqual([405, '{"detail":"Method Not Allowed"}']);
      expect(got.headers.get("allow")).toBe("GET");
      expect(got.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  it("answers HEAD with 405 as FastAPI's GET routes do (no body)", async () => {
    const got = await get(`${server.url}/evaluations?app_id=${APP_A}`, { method: "HEAD" });
    expect([got.status, got.text, got.headers.get("allow")]).toEqual([405, "", "GET"]);
  });

  it("reads app_id and ids as a browser sends them: percent-encoded, repeated (last wins), very long", async () => {
    const encode = (id: string): string => [...id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
    const listOf = async (query: string): Promise<[number, unknown]> => {
      const got = await get(`${server.url}/evaluations?${query}`);
      return [got.status, got.status === 200 ? JSON.parse(got.text) : got.text];
    };
    const appA = data.evaluations.filter((e) => e.app_id === APP_A);
    expect(await listOf(`app_id=${encode(APP_A)}`)).toEqual([200, appA]);
    expect(await listOf(`app_id=${APP_B}&app_id=${APP_A}`)).toEqual([200, appA]);
    expect(await listOf(`app_id=${APP_A}&app_id=`)).toEqual([422, MISSING_APP_ID]);
    expect(await listOf(`app_id=${"a".repeat(10_000)}`)).toEqual([200, []]);
    expect(await listOf("app_id=%20")).toEqual([200, []]);
    const one = await get(`${server.url}/human-evaluations/${encode(humanId)}`);
    expect(JSON.parse(one.text)).toEqual(data.human_evaluations[0]);
    const long = await get(`${server.url}/human-evaluations/${"f".repeat(10_000)}`);
    expect([long.status, long.text]).toEqual([404, '{"detail":"Evaluation not found"}']);
    expect((await get(`${server.url}/human-evaluations/%E0%A4%A`)).status).toBe(404); // malformed escape
  });

  it("sends CORS headers on every response, echoing a page's Origin", async () => {
    for (const url of [`${server.url}/evaluations?app_id=${APP_A}`, `${server.url}/evaluations`, `${server.url}/nope`]) {
      expect((await get(url)).headers.get("access-control-allow-origin")).toBe("*");
      const withOrigin = await get(url, { headers: { Origin: "http://localhost:5173" } });
      expect(withOrigin.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
      expect(withOrigin.headers.get("access-control-allow-credentials")).toBe("true");
      expect(withOrigin.headers.get("vary")).toBe("Origin");
    }
  });

  it("answers a CORS preflight with 204, the allowed method and the requested headers", async () => {
    const got = await get(`${server.url}/evaluations/`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "prefer, x-trace",
      },
    });
    expect(got.status).toBe(204);
    expect(got.text).toBe("");
    expect(got.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(got.headers.get("access-control-allow-methods")).toBe("GET, OPTIONS");
    expect(got.headers.get("access-control-allow-headers")).toBe("prefer, x-trace");
  });

  it("logs one line per request: method, path, status, time", async () => {
    lines.length = 0;
    await get(`${server.url}/evaluations?app_id=${APP_A}`);
    await get(`${server.url}/nope`, { method: "DELETE" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^GET /evaluations\\?app_id=${APP_A} 200 \\d+\\.\\dms$`));
    expect(lines[1]).toMatch(/^DELETE \/nope 404 \d+\.\dms$/);
  });
});

describe("mock server with a base path", () => {
  it.each(["/api", "api/", "/api/"])("serves every path under %s only", async (basePath) => {
    const mock = await startMockServer({ data, port: 0, basePath });
    try {
      expect(mock.url).toBe(`http://127.0.0.1:${mock.port}/api`);
      const list = await get(`${mock.url}/evaluations/?app_id=${APP_A}`);
      expect(list.status).toBe(200);
      expect(JSON.parse(list.text)).toEqual(data.evaluations.filter((e) => e.app_id === APP_A));
      expect((await get(`${mock.url}/human-evaluations/${humanId}`)).status).toBe(200);
      const origin = `http://127.0.0.1:${mock.port}`;
      expect((await get(`${origin}/evaluations?app_id=${APP_A}`)).status).toBe(404);
      expect((await get(`${origin}/apievaluations?app_id=${APP_A}`)).status).toBe(404);
      expect((await get(`${origin}/api`)).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

describe("createMockServer", () => {
  it("builds an unstarted server the caller listens with, whose data can be swapped only for good data", async () => {
    const server = createMockServer({ data });
    expect(server.listening).toBe(false);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/human-evaluations?app_id=${APP_A}`;
      expect(JSON.parse((await get(url)).text)).toHaveLength(2);
      const fewer = exampleDataset();
      fewer.human_evaluations.splice(1, 1);
      expect(server.mock.setDataset(fewer, "fewer.json")).toBe("5 evaluations, 3 human evaluations, 3 apps");
      expect(JSON.parse((await get(url)).text)).toHaveLength(1);
      expect(() => server.mock.setDataset({ evaluations: [], human_evaluations: [{}] }, "bad.json")).toThrow(/^bad\.json is refused/);
      expect(JSON.parse((await get(url)).text)).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

// The mock's paths, errors, CORS and headers over real HTTP (ephemeral port, always closed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkResponse } from "../../src/check/check-response.js";
import type { AddressInfo } from "node:net";
import { createMockServer, startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, APP_B, exampleDataset } from "./datasets.js";
import { get } from "./http.js";

const data = exampleDataset();
// FastAPI + pydantic 1 (the default --compat v1), as recorded in reference/recordings/v1.json.
const MISSING_APP_ID = '{"detail":[{"loc":["query","app_id"],"msg":"field required","type":"value_error.missing"}]}';
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
    "GET %s without app_id is the framework's 422 byte for byte; an empty app_id is a string like any other ([])",
    async (path) => {
      for (const query of ["?app_id=", "?app_id"])
        expect(await get(`${server.url}${path}${query}`)).toMatchObject({ status: 200, text: "[]" });
      for (const query of ["", "?other=1"]) {
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
    expect(await listOf(`app_id=${APP_A}&app_id=`)).toEqual([200, []]);
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

  it("answers a CORS preflight as Starlette's CORSMiddleware does: 200 OK, any method, the requested headers", async () => {
    const got = await get(`${server.url}/evaluations/`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "prefer, x-trace",
      },
    });
    expect(got.status).toBe(200);
    expect(got.text).toBe("OK");
    expect(got.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(got.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(got.headers.get("access-control-allow-credentials")).toBe("true");
    expect(got.headers.get("access-control-allow-methods")).toBe("DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT");
    expect(got.headers.get("access-control-allow-headers")).toBe("prefer, x-trace");
    // Any method may be preflighted (allow_methods=["*"] in the real service).
    const forPost = await get(`${server.url}/nope`, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "POST" },
    });
    expect([forPost.status, forPost.text]).toEqual([200, "OK"]);
    // OPTIONS without the preflight headers is an ordinary request: 405 on a route, as FastAPI answers.
    const plain = await get(`${server.url}/evaluations`, { method: "OPTIONS" });
    expect([plain.status, plain.headers.get("allow"), plain.text]).toEqual([405, "GET", '{"detail":"Method Not Allowed"}']);
  });

  it("--cors strict preflights GET only, with Starlette's refusal for anything else", async () => {
    const strict = await startMockServer({ data, port: 0, cors: "strict" });
    try {
      const preflight = (method: string) =>
        get(`${strict.url}/evaluations`, {
          method: "OPTIONS",
          headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": method },
        });
      const ok = await preflight("GET");
      expect([ok.status, ok.text, ok.headers.get("access-control-allow-methods")]).toEqual([200, "OK", "GET"]);
      const refused = await preflight("DELETE");
      expect([refused.status, refused.text]).toEqual([400, "Disallowed CORS method"]);
    } finally {
      await strict.close();
    }
  });

  it("sends CORS headers with the 413 and 431 answers too, so a page sees the status", async () => {
    const big = await get(`${server.url}/evaluations?app_id=${APP_A}`, {
      method: "POST",
      headers: { Origin: "http://localhost:5173", "Content-Type": "application/json" },
      body: "x".repeat(1_048_577),
    });
    expect(big.status).toBe(413);
    expect(big.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const huge = await get(`${server.url}/evaluations?app_id=${APP_A}`, { headers: { "X-Padding": "y".repeat(20_000) } });
    expect(huge.status).toBe(431);
    expect(huge.headers.get("access-control-allow-origin")).toBe("*");
    expect(huge.headers.get("content-type")).toBe("application/json");
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

// Issue 40, "Answers users ask for", on the node mock over a real socket (node's fetch and http on
// port 0): `times: N` on a session's or the console's scenario (fail N times, then answer normally;
// a new setting counts again; refused on one request's Prefer or ?__ scenario), `fault: "truncated"`
// (a 200 cut off mid-JSON with valid framing: res.json() rejects with a SyntaxError) and a custom
// answer `respond: { status, headers?, body }`, checked against the contract for 200 and 422 unless
// `unchecked`. Then the attacks: bad counts, a 10 MB body, framing headers, CRLF, 1xx/304/999.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvaluation } from "../../src/build/index.js";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { MAX_RESPOND_BODY_BYTES } from "../../src/mock/custom-answer.js";
import { MAX_SCENARIO_TIMES } from "../../src/mock/scenario-switch.js";
import { APP_A, APP_C, exampleDataset } from "./datasets.js";
import { detailOf, raw, sendJson } from "./raw.js";

const data = exampleDataset();
const LIST = `/evaluations?app_id=${APP_A}`;
const HUMAN_LIST = `/human-evaluations?app_id=${APP_A}`;
const EMPTY_LIST = `/evaluations?app_id=${APP_C}`;

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ data, port: 0 });
});
afterAll(() => mock?.close());

const putSession = (name: string, scenario: unknown): ReturnType<typeof sendJson> =>
  sendJson(`${mock.url}/_mock/api/sessions/${name}`, "PUT", { scenario });
const inSession = (name: string, path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${mock.url}${path}`, { headers: { "X-Mock-Session": name, ...headers } });
const statuses = async (name: string, path: string, count: number): Promise<number[]> => {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await inSession(name, path);
    await response.arrayBuffer();
    seen.push(response.status);
  }
  return seen;
};

describe("times: fail N times, then answer normally", () => {
  it("a session's { operation, code: 500, times: 2 } fails twice, then answers normally; other operations are untouched", async () => {
    const put = await putSession("retry", { operation: "listEvaluations", code: 500, times: 2 });
    expect(put.status, put.text).toBe(200);
    expect(JSON.parse(put.text)).toMatchObject({ scenario: { operation: "listEvaluations", code: 500, times: 2 } });
    expect(await statuses("retry", HUMAN_LIST, 1)).toEqual([200]);
    expect(await statuses("retry", LIST, 4)).toEqual([500, 500, 200, 200]);
  });

  it("a new PUT of the session counts again from its setting", async () => {
    await putSession("again", { operation: "listEvaluations", code: 503, times: 1 });
    expect(await statuses("again", LIST, 2)).toEqual([503, 200]);
    await putSession("again", { operation: "listEvaluations", code: 503, times: 1 });
    expect(await statuses("again", LIST, 2)).toEqual([503, 200]);
  });

  it("sessions count apart: one session's requests do not use up another's", async () => {
    await putSession("a", { operation: "listEvaluations", code: 500, times: 2 });
    await putSession("b", { operation: "listEvaluations", code: 500, times: 2 });
    expect(await statuses("a", LIST, 3)).toEqual([500, 500, 200]);
    expect(await statuses("b", LIST, 3)).toEqual([500, 500, 200]);
  });

  it("a switch without operation counts the requests of every operation together", async () => {
    await putSession("all", { code: 502, times: 2 });
    expect([...(await statuses("all", LIST, 1)), ...(await statuses("all", HUMAN_LIST, 2))]).toEqual([502, 502, 200]);
  });

  it("the console's scenario takes times too (one parser): a fault twice, then normal", async () => {
    const set = await sendJson(`${mock.url}/_mock/api/scenario`, "POST", { operation: "listHumanEvaluations", fault: "gateway", times: 2 });
    expect(set.status, set.text).toBe(200);
    try {
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push((await raw(`${mock.url}${HUMAN_LIST}`)).status);
      expect(seen).toEqual([502, 502, 200]);
    } finally {
      await sendJson(`${mock.url}/_mock/api/scenario`, "POST", {});
    }
  });

  it("a request's own Prefer scenario is not counted: it takes the request alone", async () => {
    await putSession("own", { operation: "listEvaluations", code: 500, times: 1 });
    expect((await inSession("own", LIST, { Prefer: "code=404" })).status).toBe(404);
    expect(await statuses("own", LIST, 2)).toEqual([500, 200]);
  });

  it.each([
    ["Prefer: times=2", LIST, { Prefer: "code=500, times=2" }],
    ["?__times=2", `${LIST}&__code=500&__times=2`, {}],
  ])("times on one request (%s) is a 400 mock fault saying it belongs to a setting", async (_name, path, headers) => {
    const answer = await raw(`${mock.url}${path}`, { headers });
    expect(answer.status).toBe(400);
    expect(detailOf(answer)).toMatch(/^mock: times applies to a scenario setting .*not to one request/);
  });

  it.each([
    ["1e9", 1e9],
    ["-1", -1],
    ["0", 0],
    ["1.5", 1.5],
    ['"2"', "2"],
    ["past the bound", MAX_SCENARIO_TIMES + 1],
  ])("times %s is a 400 naming the bound, and the session is not set", async (_name, times) => {
    const put = await putSession("bad-times", { operation: "listEvaluations", code: 500, times });
    expect(put.status).toBe(400);
    expect(detailOf(put)).toMatch(new RegExp(`times must be a whole number from 1 to ${MAX_SCENARIO_TIMES}`));
    expect((await raw(`${mock.url}/_mock/api/sessions/bad-times`)).status).toBe(404);
  });

  it("times NaN cannot be sent as JSON: the body is refused as not JSON", async () => {
    const put = await sendJson(`${mock.url}/_mock/api/sessions/nan`, "PUT", '{"scenario": {"code": 500, "times": NaN}}');
    expect(put.status).toBe(400);
  });

  it("times with nothing to count is refused", async () => {
    const put = await putSession("nothing", { operation: "listEvaluations", times: 2 });
    expect(put.status).toBe(400);
    expect(detailOf(put)).toMatch(/times needs something to count/);
  });
});

describe('fault: "truncated"', () => {
  it("a 200 application/json whose body stops mid-JSON with a matching Content-Length: fetch's res.json() rejects with a SyntaxError", async () => {
    const whole = Buffer.from(await (await fetch(`${mock.url}${LIST}`)).arrayBuffer());
    const response = await fetch(`${mock.url}${LIST}`, { headers: { Prefer: "fault=truncated" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const length = Number(response.headers.get("content-length"));
    const cut = response.clone();
    await expect(response.json()).rejects.toThrow(SyntaxError);
    const bytes = Buffer.from(await cut.arrayBuffer());
    expect(bytes.length).toBe(length);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.length).toBeLessThan(whole.length);
    expect(whole.subarray(0, bytes.length).equals(bytes)).toBe(true);
  });

  it("on an empty list it is `[`: one byte, Content-Length 1, and the connection stays usable (keep-alive)", async () => {
    const response = await fetch(`${mock.url}${EMPTY_LIST}`, { headers: { Prefer: "fault=truncated" } });
    expect(response.headers.get("content-length")).toBe("1");
    expect(await response.text()).toBe("[");
    // The next request on the same (pooled) connection is answered normally: the framing was right.
    expect(await (await fetch(`${mock.url}${EMPTY_LIST}`)).text()).toBe("[]");
  });

  it("set on a session with times: one cut-off answer, then whole ones", async () => {
    await putSession("cut", { operation: "listEvaluations", fault: "truncated", times: 1 });
    await expect((await inSession("cut", LIST)).json()).rejects.toThrow(SyntaxError);
    expect(Array.isArray(await (await inSession("cut", LIST)).json())).toBe(true);
  });
});

describe("respond: a custom answer", () => {
  const evaluation = buildEvaluation({ app_id: APP_A }, { seed: 7 });

  it("a session answers its 200 body, checked against the contract, with its own headers", async () => {
    const put = await putSession("custom", {
      operation: "listEvaluations",
      respond: { status: 200, headers: { "X-Request-Id": "abc" }, body: [evaluation] },
    });
    expect(put.status, put.text).toBe(200);
    // The session reads back as set (a GET of it shows the same).
    const described = {
      operation: "listEvaluations",
      respond: { status: 200, headers: { "X-Request-Id": "abc" }, body: [evaluation] },
    };
    expect(JSON.parse(put.text)).toMatchObject({ scenario: described });
    expect(JSON.parse((await raw(`${mock.url}/_mock/api/sessions/custom`)).text)).toMatchObject({ scenario: described });
    const response = await inSession("custom", LIST);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("abc");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual([evaluation]);
    // The other operations answer normally.
    expect((await inSession("custom", HUMAN_LIST)).status).toBe(200);
  });

  it("a 200 body that is not what the operation answers is a 400 naming the path and the rule", async () => {
    const put = await putSession("wrong", {
      operation: "listEvaluations",
      respond: { status: 200, body: [{ ...evaluation, status: "EVALUATION_FAILD" }] },
    });
    expect(put.status).toBe(400);
    expect(detailOf(put)).toMatch(/respond: a 200 of listEvaluations is not what the contract allows: \$\[0\]\.status \(\w[\w-]*\)/);
    expect((await raw(`${mock.url}/_mock/api/sessions/wrong`)).status).toBe(404);
  });

  it("a 422 body is checked too; other statuses are not", async () => {
    const bad = await putSession("v422", { operation: "listEvaluations", respond: { status: 422, body: { detail: "no" } } });
    expect(bad.status).toBe(400);
    expect(detailOf(bad)).toMatch(/a 422 of listEvaluations is not what the contract allows: \$\.detail/);
    const teapot = await putSession("v418", { operation: "listEvaluations", respond: { status: 418, body: { oops: true } } });
    expect(teapot.status, teapot.text).toBe(200);
    const response = await inSession("v418", LIST);
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ oops: true });
  });

  it("unchecked: true sends a wrong body all the same, with times: then normal answers", async () => {
    const put = await putSession("loose", {
      operation: "listEvaluations",
      respond: { status: 200, body: [{ id: 1 }] },
      unchecked: true,
      times: 1,
    });
    expect(put.status, put.text).toBe(200);
    expect(await (await inSession("loose", LIST)).json()).toEqual([{ id: 1 }]);
    expect((await (await inSession("loose", LIST)).json()) as unknown[]).not.toEqual([{ id: 1 }]);
  });

  it("a respond without operation is checked for every operation it answers", async () => {
    const put = await putSession("every", { respond: { status: 200, body: [evaluation] } });
    expect(put.status).toBe(400);
    expect(detailOf(put)).toMatch(/a 200 of listHumanEvaluations is not what the contract allows/);
  });

  it("a text body with a text Content-Type is sent as its text", async () => {
    await putSession("text", {
      operation: "listEvaluations",
      respond: { status: 503, headers: { "Content-Type": "text/plain" }, body: "down" },
    });
    const response = await inSession("text", LIST);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(await response.text()).toBe("down");
  });

  it.each([
    ["a 10 MB body", { status: 418, body: "x".repeat(10 * 1024 * 1024) }, new RegExp(`over ${MAX_RESPOND_BODY_BYTES} bytes`)],
    ["a Host header", { status: 418, headers: { Host: "evil.test" }, body: 1 }, /Host is the mock's to set/],
    ["a Content-Length header", { status: 418, headers: { "Content-Length": "5" }, body: 1 }, /Content-Length is the mock's to set/],
    [
      "a Transfer-Encoding header",
      { status: 418, headers: { "Transfer-Encoding": "chunked" }, body: 1 },
      /Transfer-Encoding is the mock's/,
    ],
    ["a CORS header", { status: 418, headers: { "access-control-allow-origin": "https://evil.test" }, body: 1 }, /its CORS headers/],
    [
      "33 headers",
      { status: 418, headers: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`X-H${i}`, "v"])), body: 1 },
      /at most 32/,
    ],
    ["a header given twice", { status: 418, headers: { "X-A": "1", "x-a": "2" }, body: 1 }, /given twice/],
    ["a non-ASCII header value", { status: 418, headers: { "X-A": "é" }, body: 1 }, /control or non-ASCII/],
    ["CRLF in a header value", { status: 418, headers: { "X-A": "a\r\nSet-Cookie: x=1" }, body: 1 }, /control or non-ASCII/],
    ["a header name with a space", { status: 418, headers: { "X A": "a" }, body: 1 }, /is not a header name/],
    ["status 101", { status: 101, body: 1 }, /respond.status must be a whole number from 200 to 599/],
    ["status 199", { status: 199, body: 1 }, /respond.status/],
    ["status 304", { status: 304, body: 1 }, /respond.status/],
    ["status 999", { status: 999, body: 1 }, /respond.status/],
    ['status "200"', { status: "200", body: [] }, /respond.status/],
    ["no body", { status: 418 }, /respond.body is missing/],
    ["an unknown field", { status: 418, body: 1, bodyy: 2 }, /unknown field "bodyy"/],
    ["a __proto__ field", JSON.parse('{"status": 418, "body": 1, "__proto__": {"x": 1}}') as unknown, /unknown field "__proto__"/],
  ])("%s is a 400 mock fault and the session is not set", async (_name, respond, message) => {
    const put = await putSession("attack", { operation: "listEvaluations", respond });
    expect(put.status).toBe(400);
    expect(detailOf(put)).toMatch(message);
    expect((await raw(`${mock.url}/_mock/api/sessions/attack`)).status).toBe(404);
  });

  it("respond with code, empty or fault is refused: it is the whole answer", async () => {
    const put = await putSession("clash", { operation: "listEvaluations", code: 500, respond: { status: 418, body: 1 } });
    expect(put.status).toBe(400);
    expect(detailOf(put)).toMatch(/respond is the whole answer: it takes no code/);
  });
});

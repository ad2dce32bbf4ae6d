import { describe, expect, it } from "vitest";
import { EVALUATION_EXAMPLES, HUMAN_EVALUATION_EXAMPLES } from "../../contract/examples.js";
import type { ExchangeAnswer } from "../http-client.js";
import { judgeExchange } from "../judge.js";
import type { PlannedRequest } from "../request.js";
import type { CheckSettings } from "./check.js";

const APP = EVALUATION_EXAMPLES[0]!.app_id;
const RECORD = HUMAN_EVALUATION_EXAMPLES[0]!;

const get = (over: Partial<PlannedRequest> = {}): PlannedRequest => ({
  operationId: "listEvaluations",
  method: "GET",
  path: "/evaluations",
  query: [["app_id", APP]],
  headers: [],
  label: "test",
  ...over,
});

const answer = (
  status: number,
  body: unknown,
  headers: Record<string, string> = { "content-type": "application/json" },
): ExchangeAnswer => {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return { status, headers, text, bytes: text.length, durationMs: 3 };
};

const settings = (over: Partial<CheckSettings> = {}): CheckSettings => ({
  baseUrl: "http://provider.test/api",
  compat: "current",
  appId: APP,
  knownIds: new Set([RECORD.id]),
  maxResponseBytes: 1_000_000,
  ...over,
});

const checkAnswer = (request: PlannedRequest, reply: ExchangeAnswer, maxMs?: number, over: Partial<CheckSettings> = {}) =>
  judgeExchange(request, { answer: reply }, settings({ ...(maxMs === undefined ? {} : { maxResponseTimeMs: maxMs }), ...over }));

/** One line per finding; conformance's findings folded by cause, as fuzz folds them. */
const checks = (request: PlannedRequest, reply: ExchangeAnswer, maxMs?: number, over: Partial<CheckSettings> = {}) => [
  ...new Set(
    checkAnswer(request, reply, maxMs, over).map(
      (h) => `${h.severity} ${h.check}: ${h.cause ?? `${h.rule} ${h.path.replace(/\[\d+\]/g, "[*]")}`}`,
    ),
  ),
];

describe("fuzz checks", () => {
  it("find nothing in a conforming list, a 422 and an unknown-id 404 (a warning only)", () => {
    expect(checks(get(), answer(200, EVALUATION_EXAMPLES))).toEqual([]);
    const missing = { detail: [{ loc: ["query", "app_id"], msg: "field required", type: "value_error.missing" }] };
    expect(checks(get({ query: [] }), answer(422, missing))).toEqual([]);
    expect(
      checks(
        get({ operationId: "getHumanEvaluation", path: "/human-evaluations/zz", query: [] }),
        answer(404, { detail: "Evaluation not found" }),
      ),
    ).toEqual([]);
  });

  it("server-error: any 5xx, its cause the error's words without the request's values", () => {
    const a = checkAnswer(
      get(),
      answer(500, { detail: "'zz' is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string" }),
    );
    const b = checkAnswer(
      get(),
      answer(500, { detail: "'abc' is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string" }),
    );
    expect(a.map((h) => h.check)).toEqual(["server-error"]);
    expect(a[0]!.cause).toBe(b[0]!.cause);
    expect(a[0]!.message).toMatch(/defect/);
  });

  it("status: a 2xx other than 200 or a 401 is an error; a redirect or 414 a warning", () => {
    expect(checks(get(), answer(204, ""))).toEqual(["error status: 204"]);
    expect(checks(get(), answer(401, { detail: "no" }))).toEqual(["error status: 401"]);
    expect(checks(get(), answer(307, "", { location: "/evaluations/" }))).toEqual(["warning redirects: 307"]);
    expect(checks(get(), answer(307, "", { location: "http://elsewhere.test/api/evaluations/" }))).toEqual([
      "error redirects: 307 cross-origin",
    ]);
    expect(checks(get(), answer(414, ""))).toEqual(["warning status: 414"]);
  });

  it("content-type: an HTML 404 is an error; an empty body, HEAD and OPTIONS have nothing to type", () => {
    const byId = get({ operationId: "getHumanEvaluation", path: "/human-evaluations/667e1b0ad1812781f7e37799", query: [] });
    expect(checks(byId, answer(404, "<html><h1>Not Found</h1></html>", { "content-type": "text/html" }))).toEqual([
      "error content-type: 404 text/html",
    ]);
    // A list's own route answering 404 is missing, not an unknown id.
    expect(checks(get(), answer(404, { detail: "Not Found" }))).toEqual(["error status: 404"]);
    // ... unless it asks for another app: "not found" is then an answer, as for an unknown id.
    expect(checks(get({ query: [["app_id", "666dde95962bbaffdb0072ff"]] }), answer(404, { detail: "App not found" }))).toEqual([]);
    // A record the provider listed answering 404 by id is an error.
    const listed = get({ operationId: "getHumanEvaluation", path: `/human-evaluations/${RECORD.id}`, query: [] });
    expect(checks(listed, answer(404, { detail: "Not Found" }))).toEqual(["error status: 404"]);
    expect(checks(get({ method: "OPTIONS" }), answer(200, "OK", { "content-type": "text/plain" }))).toEqual([]);
    expect(checks(get({ method: "HEAD" }), answer(405, ""))).toEqual([]);
    expect(checks(get(), answer(200, EVALUATION_EXAMPLES, { "content-type": "application/problem+json" }))).toEqual([
      "error content-type: 200 application/problem+json",
    ]);
    expect(checks(get(), answer(200, EVALUATION_EXAMPLES, { "content-type": "application/json; charset=utf-8" }))).toEqual([]);
  });

  it("conformance: one cause per rule and path pattern, warnings included; duplicate keys and 1e400 too", () => {
    const broken = EVALUATION_EXAMPLES.map((e) => ({ ...e, created_at: 5 }));
    expect(checks(get(), answer(200, broken))).toEqual(["error conformance: type $[*].created_at"]);
    const nulls = EVALUATION_EXAMPLES.map((e) => ({ ...e, average_cost: null, total_cost: null }));
    expect(checks(get(), answer(200, nulls))).toEqual([
      "warning conformance: null-optional $[*].average_cost",
      "warning conformance: null-optional $[*].total_cost",
    ]);
    const text = JSON.stringify(RECORD).replace(/^\{/, '{"status":"x",');
    expect(
      checks(get({ operationId: "getHumanEvaluation", path: `/human-evaluations/${RECORD.id}`, query: [] }), answer(200, text)),
    ).toEqual(["error conformance: duplicate-key $.status"]);
  });

  it("conformance: a number too large for a double is shown as sent, in a list and in a record", () => {
    const list = JSON.stringify(EVALUATION_EXAMPLES).replace('"user_username":"', '"user_username":1e400,"x":"');
    const findings = checkAnswer(get(), answer(200, list)).filter((f) => f.path === "$[0].user_username");
    expect(findings.map((f) => f.message)).toContainEqual(expect.stringContaining("got 1e400"));
    expect(findings.map((f) => f.message).join()).not.toMatch(/got (?:number )?null/);
    const byId = get({ operationId: "getHumanEvaluation", path: `/human-evaluations/${RECORD.id}`, query: [] });
    const record = JSON.stringify(RECORD).replace('"testset_name":"', '"testset_name":-1e400,"x":"');
    expect(checkAnswer(byId, answer(200, record)).map((f) => f.message)).toContainEqual(expect.stringContaining("got -1e400"));
  });

  it("filter-bypass: records of another app for an operator-shaped, case-variant or repeated app_id", () => {
    const foreign = [{ ...EVALUATION_EXAMPLES[0]!, app_id: "666dde95962bbaffdb0072ff" }];
    expect(checks(get({ query: [["app_id[$ne]", "x"]] }), answer(200, foreign))).toEqual([
      "error filter-bypass: records of another app_id",
    ]);
    expect(checks(get({ query: [["app_id", APP.toUpperCase()]] }), answer(200, EVALUATION_EXAMPLES))).toEqual([
      "error filter-bypass: app_id matched loosely",
    ]);
    // Both values sent: records of either are what a server taking the first or the last may answer.
    expect(
      checks(
        get({
          query: [
            ["app_id", APP],
            ["app_id", "x"],
          ],
        }),
        answer(200, EVALUATION_EXAMPLES),
      ),
    ).toEqual([]);
    expect(checks(get({ query: [["app_id", "%20" + APP]] }), answer(200, []))).toEqual([]);
  });

  it("filter-bypass: a record by id under another id is a warning", () => {
    const byId = get({ operationId: "getHumanEvaluation", path: `/human-evaluations/${RECORD.id.toUpperCase()}`, query: [] });
    expect(checks(byId, answer(200, RECORD))).toEqual(["warning filter-bypass: a record under another id"]);
  });

  it("method: a write answered 2xx is an error; 405 needs Allow; HEAD may succeed", () => {
    expect(checks(get({ method: "POST", body: "{}" }), answer(200, EVALUATION_EXAMPLES))).toEqual(["error method: POST 200"]);
    expect(
      checks(
        get({ method: "DELETE" }),
        answer(405, { detail: "Method Not Allowed" }, { "content-type": "application/json", allow: "GET" }),
      ),
    ).toEqual([]);
    expect(checks(get({ method: "PUT" }), answer(405, { detail: "Method Not Allowed" }))).toEqual([
      "warning method: PUT 405 without Allow",
    ]);
    expect(checks(get({ method: "PATCH" }), answer(404, { detail: "Not Found" }))).toEqual(["warning method: PATCH 404"]);
    expect(checks(get({ method: "HEAD" }), answer(200, ""))).toEqual([]);
  });

  it("leak: a traceback or source path in an error body; never in a 200 body, whose data carries tracebacks", () => {
    const trace = 'Traceback (most recent call last):\n  File "/app/agenta_backend/routers/x.py", line 88, in fetch\nValueError: x';
    expect(checks(get(), answer(500, trace, { "content-type": "text/plain" }))).toContain("error leak: a Python traceback");
    const json = { detail: "Error: boom\n    at handler (/srv/app/server.js:12:5)" };
    expect(checks(get(), answer(500, json))).toContain("error leak: a JavaScript stack trace");
    const failed = [
      {
        ...EVALUATION_EXAMPLES[0]!,
        status: { type: "status", value: "EVALUATION_FAILED", error: { message: "Evaluation Failed", stacktrace: trace } },
      },
    ];
    expect(checks(get(), answer(200, failed)).filter((h) => h.includes("leak"))).toEqual([]);
  });

  it("response-time: only with a limit", () => {
    const slow = { ...answer(200, EVALUATION_EXAMPLES), durationMs: 900 };
    expect(checks(get(), slow)).toEqual([]);
    expect(checks(get(), slow, 500)).toEqual(["error response-time: slow"]);
  });
});

describe("server-error under --compat", () => {
  const unknownById = get({ operationId: "getHumanEvaluation", path: "/human-evaluations/zzzzzzzzzzzzzzzzzzzzzzzz", query: [] });
  // bson's InvalidId as the spec-era service sent it (reference/recordings/legacy.json).
  const invalid = (id: string) =>
    answer(500, { detail: `'${id}' is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string` });
  const crash = invalid("zzzzzzzzzzzzzzzzzzzzzzzz");
  const CAUSE = "500 # is not a valid ObjectId, it must be a #-byte input or a";

  it("is an error by default, whatever the request", () => {
    expect(checks(unknownById, crash)).toEqual([`error server-error: ${CAUSE}`]);
  });

  it("accepts the spec-era service's own 500s as warnings under legacy, and nothing else", () => {
    const legacy = { compat: "legacy" as const };
    expect(checks(unknownById, crash, undefined, legacy)).toEqual([`warning server-error: ${CAUSE}`]);
    const unknownApp = get({ query: [["app_id", "666dde95962bbaffdb0072ff"]] });
    const noneType = answer(500, { detail: "'NoneType' object has no attribute 'id'" });
    expect(checks(unknownApp, noneType, undefined, legacy)).toEqual(["warning server-error: 500 # object has no attribute #"]);
    // The same request answered otherwise: the spec-era service never sent that.
    expect(checks(unknownApp, crash, undefined, legacy)).toEqual([`error server-error: ${CAUSE}`]);
    // The app under test, a known record, and an unknown app on the human-evaluation list: a 500 is a defect in any era.
    const known = get({ operationId: "getHumanEvaluation", path: `/human-evaluations/${RECORD.id}`, query: [] });
    expect(checks(get(), noneType, undefined, legacy)).toEqual(["error server-error: 500 # object has no attribute #"]);
    expect(checks(known, crash, undefined, legacy)).toEqual([`error server-error: ${CAUSE}`]);
    const humanList = (appId: string) =>
      get({ operationId: "listHumanEvaluations", path: "/human-evaluations", query: [["app_id", appId]] });
    expect(checks(humanList("666dde95962bbaffdb0072ff"), crash, undefined, legacy)).toEqual([`error server-error: ${CAUSE}`]);
    // A malformed app_id on either list went through bson's ObjectId() too.
    expect(checks(humanList("x"), invalid("x"), undefined, legacy)).toEqual([`warning server-error: ${CAUSE}`]);
  });
});

describe("server-error causes", () => {
  it("are the same for every value Python's repr quotes, however long or quoted", () => {
    const cause = (value: string) =>
      checkAnswer(
        get(),
        answer(500, { detail: `${value} is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string` }),
      )[0]!.cause;
    const plain = cause("'zz'");
    expect(cause(`'${"a".repeat(5000)}'`)).toBe(plain);
    expect(cause(`"it's"`)).toBe(plain);
    expect(cause(`'it\\'s "quoted"'`)).toBe(plain);
    expect(plain).toBe("500 # is not a valid ObjectId, it must be a #-byte input or a");
    expect(cause("'NoneType' object has no attribute 'id'")).not.toBe(plain);
  });
});

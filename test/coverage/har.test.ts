// observationsFromHar on hand-written HAR documents: each GET of a service path (behind any base path)
// becomes one consumer observation with its surface and the client cases its body shows (plain or
// base64 text); other paths, other methods and malformed entries are left out, never thrown on; an
// entry's `time` of 1 s or more is `delayed`. parseObservations recognises a HAR text as source "har".
import { describe, expect, it } from "vitest";
import { observationsFromHar } from "../../src/coverage/har.js";
import type { Observation } from "../../src/coverage/observation.js";
import { parseObservations } from "../../src/coverage/read-observations.js";

const ORIGIN = "https://evals.example.com";
const APP = "65e48be31b48af5e4a2d9bf1";
const HUMAN_ID = "65e48be31b48af5e4a2d9c10";
const UNKNOWN_ID = "000000000000000000000000";

interface EntryOptions {
  method?: string;
  status?: number;
  time?: number;
  /** The response's content (`text`, `encoding`), as HAR writers put it. */
  content?: Record<string, unknown>;
}

const entry = (path: string, { method = "GET", status = 200, time = 12.5, content }: EntryOptions = {}): Record<string, unknown> => ({
  startedDateTime: "2025-01-01T00:00:00.000Z",
  time,
  request: {
    method,
    url: `${ORIGIN}${path}`,
    httpVersion: "HTTP/1.1",
    headers: [],
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: 0,
  },
  response: {
    status,
    statusText: "",
    httpVersion: "HTTP/1.1",
    headers: [],
    cookies: [],
    content: { size: -1, mimeType: "application/json", ...content },
    redirectURL: "",
    headersSize: -1,
    bodySize: -1,
  },
  cache: {},
  timings: { send: 0, wait: time, receive: 0 },
});

const json = (body: unknown): Record<string, unknown> => ({ text: JSON.stringify(body) });
const base64 = (body: unknown): Record<string, unknown> => ({
  text: Buffer.from(JSON.stringify(body), "utf8").toString("base64"),
  encoding: "base64",
});
const har = (entries: unknown[]): unknown => ({ log: { version: "1.2", creator: { name: "hand", version: "1" }, entries } });

const consumer = (
  request: string,
  operationId: Observation["operationId"],
  status: number,
  surface: string[],
  cases: string[],
): Observation => ({
  v: 1,
  side: "consumer",
  // Relative to the base URL: the /api before the service's path is cut, as the mock cuts its base path.
  source: "har",
  request: `GET ${request.replace(/^\/api/, "")}`,
  operationId,
  status,
  surface,
  cases,
});

// One evaluation that failed, by a user whose name is empty.
const FAILED_EVALUATION = { id: "e1", app_id: APP, status: { value: "EVALUATION_FAILED" }, user_username: "", aggregated_results: [] };
// An A/B test, finished, with a name that is not ASCII (base64 carries UTF-8).
const AB_FINISHED = {
  id: HUMAN_ID,
  app_id: APP,
  evaluation_type: "human_a_b_testing",
  status: "EVALUATION_FINISHED",
  testset_name: "Évaluation ✓",
};
// A single-model test still running, whose test set was deleted.
const SINGLE_RUNNING = {
  id: HUMAN_ID,
  app_id: APP,
  evaluation_type: "single_model_test",
  status: "EVALUATION_STARTED",
  testset_id: "",
  testset_name: "",
};

// [name, entry, the observation it gives or undefined when left out]
const TABLE: Array<[string, unknown, Observation | undefined]> = [
  [
    "a list of evaluations behind /api",
    entry(`/api/evaluations?app_id=${APP}`, { content: json([FAILED_EVALUATION]) }),
    consumer(
      `/api/evaluations?app_id=${APP}`,
      "listEvaluations",
      200,
      ["status-200", "with-app-id"],
      ["evaluation-status-failed", "evaluation-empty-username"],
    ),
  ],
  [
    "a list of human evaluations, /path/ form, base64 body",
    entry(`/api/human-evaluations/?app_id=${APP}`, { content: base64([AB_FINISHED]) }),
    consumer(
      `/api/human-evaluations/?app_id=${APP}`,
      "listHumanEvaluations",
      200,
      ["status-200", "trailing-slash", "with-app-id"],
      ["human-a-b-test", "human-finished"],
    ),
  ],
  [
    "a human evaluation by id",
    entry(`/api/human-evaluations/${HUMAN_ID}`, { content: json(SINGLE_RUNNING) }),
    consumer(
      `/api/human-evaluations/${HUMAN_ID}`,
      "getHumanEvaluation",
      200,
      ["status-200"],
      ["human-single-model", "human-unfinished", "human-testset-deleted"],
    ),
  ],
  [
    "an unknown id: 404",
    entry(`/api/human-evaluations/${UNKNOWN_ID}`, { status: 404, content: json({ detail: "Human evaluation not found" }) }),
    consumer(`/api/human-evaluations/${UNKNOWN_ID}`, "getHumanEvaluation", 404, ["status-404"], []),
  ],
  [
    "a malformed id",
    entry("/api/human-evaluations/not-an-id/", { status: 404, content: json({ detail: "Not Found" }) }),
    consumer("/api/human-evaluations/not-an-id/", "getHumanEvaluation", 404, ["status-404", "trailing-slash", "malformed-id"], []),
  ],
  [
    "no app_id: 422",
    entry("/api/evaluations", {
      status: 422,
      content: json({ detail: [{ loc: ["query", "app_id"], msg: "field required", type: "value_error.missing" }] }),
    }),
    consumer("/api/evaluations", "listEvaluations", 422, ["status-422", "without-app-id"], []),
  ],
  [
    "a forced 500",
    entry(`/api/evaluations?app_id=${APP}`, { status: 500, content: json({ detail: "Internal Server Error" }) }),
    consumer(`/api/evaluations?app_id=${APP}`, "listEvaluations", 500, ["status-5xx", "with-app-id"], []),
  ],
  [
    "an empty list",
    entry(`/api/evaluations?app_id=${UNKNOWN_ID}`, { content: json([]) }),
    consumer(`/api/evaluations?app_id=${UNKNOWN_ID}`, "listEvaluations", 200, ["status-200", "with-app-id"], ["empty-list"]),
  ],
  [
    "a slow answer (time 1000 ms exactly): delayed",
    entry(`/api/human-evaluations?app_id=${APP}&__delay=1000`, { time: 1000, content: json([]) }),
    consumer(
      `/api/human-evaluations?app_id=${APP}&__delay=1000`,
      "listHumanEvaluations",
      200,
      ["status-200", "with-app-id"],
      ["empty-list", "delayed"],
    ),
  ],
  [
    "a slow error (time 2500 ms): delayed, no body case",
    entry(`/api/human-evaluations/${UNKNOWN_ID}`, { status: 404, time: 2500, content: json({ detail: "Human evaluation not found" }) }),
    consumer(`/api/human-evaluations/${UNKNOWN_ID}`, "getHumanEvaluation", 404, ["status-404"], ["delayed"]),
  ],
  [
    "just under 1 s: not delayed",
    entry(`/api/human-evaluations?app_id=${APP}`, { time: 999.9, content: json([AB_FINISHED]) }),
    consumer(
      `/api/human-evaluations?app_id=${APP}`,
      "listHumanEvaluations",
      200,
      ["status-200", "with-app-id"],
      ["human-a-b-test", "human-finished"],
    ),
  ],
  [
    "a 200 whose base64 is broken: surface only",
    entry(`/api/evaluations?app_id=${APP}`, { content: { text: "%%% not base64 %%%", encoding: "base64" } }),
    consumer(`/api/evaluations?app_id=${APP}`, "listEvaluations", 200, ["status-200", "with-app-id"], []),
  ],
  [
    "a 200 whose body was not kept (no text): surface only",
    entry(`/api/human-evaluations?app_id=${APP}`, { content: {} }),
    consumer(`/api/human-evaluations?app_id=${APP}`, "listHumanEvaluations", 200, ["status-200", "with-app-id"], []),
  ],
  ["another path of the same origin", entry(`/api/apps?app_id=${APP}`, { content: json([]) }), undefined],
  ["the page itself", entry("/", { content: { text: "<!doctype html>", mimeType: "text/html" } }), undefined],
  ["a POST to a service path", entry(`/api/evaluations?app_id=${APP}`, { method: "POST", content: json([]) }), undefined],
  ["an OPTIONS preflight", entry(`/api/human-evaluations?app_id=${APP}`, { method: "OPTIONS", status: 204 }), undefined],
  ["a null entry", null, undefined],
  ["an entry without a response", { request: { method: "GET", url: `${ORIGIN}/api/evaluations` } }, undefined],
  ["an entry without a request", { response: { status: 200 } }, undefined],
  [
    "a status that is not a number",
    { request: { method: "GET", url: `${ORIGIN}/api/evaluations` }, response: { status: "200" } },
    undefined,
  ],
  ["a URL that is not absolute", { request: { method: "GET", url: "/api/evaluations" }, response: { status: 422 } }, undefined],
  ["a method that is not a string", { request: { method: 1, url: `${ORIGIN}/api/evaluations` }, response: { status: 422 } }, undefined],
];

describe("observationsFromHar", () => {
  it.each(TABLE)("%s", (_name, given, want) => {
    expect(observationsFromHar(har([given]))).toEqual(want === undefined ? [] : [want]);
  });

  it("keeps the document's order and skips what is no request to the service", () => {
    const want = TABLE.flatMap(([, , observation]) => (observation === undefined ? [] : [observation]));
    expect(observationsFromHar(har(TABLE.map(([, given]) => given)))).toEqual(want);
    expect(want).toHaveLength(13);
  });

  it("is robust to a time that is not a number (not delayed)", () => {
    const given = { ...entry(`/api/evaluations?app_id=${APP}`, { content: json([]) }), time: "5000" };
    expect(observationsFromHar(har([given]))).toEqual([
      consumer(`/api/evaluations?app_id=${APP}`, "listEvaluations", 200, ["status-200", "with-app-id"], ["empty-list"]),
    ]);
  });

  it.each([
    ["null", null],
    ["an array", []],
    ["no log", { entries: [] }],
    ["log without entries", { log: {} }],
    ["entries not an array", { log: { entries: {} } }],
  ])("gives no observation for a document that is no HAR (%s)", (_name, given) => {
    expect(observationsFromHar(given)).toEqual([]);
  });
});

describe("parseObservations on a HAR text", () => {
  it('recognises it as source "har", consumer side', () => {
    const text = JSON.stringify(har(TABLE.map(([, given]) => given)), null, 2);
    const { input, observations } = parseObservations(text, "session.har");
    expect(input).toEqual({ file: "session.har", side: "consumer", source: "har", observations: 13 });
    expect(observations).toEqual(observationsFromHar(JSON.parse(text)));
  });

  it("a HAR without service requests is still a HAR (no observation, no error)", () => {
    const { input, observations } = parseObservations(JSON.stringify(har([entry("/favicon.ico", { status: 404 })])), "other.har");
    expect(input).toEqual({ file: "other.har", side: "consumer", source: "har", observations: 0 });
    expect(observations).toEqual([]);
  });
});

// `--compat legacy` accepts the spec-era service's own 500s exactly as recorded from the real framework
// (reference/recordings/legacy.json), and nothing else: every recorded answer judged under legacy has no
// error; the same request answered with another status, type or body is an error, as without legacy.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ExchangeAnswer } from "../http-client.js";
import { judgeExchange } from "../judge.js";
import { operationOfPath, type PlannedRequest } from "../request.js";
import type { Compat } from "../provider-settings.js";
import { legacyAnswer, pythonUnquote } from "./legacy-answer.js";

interface Recorded {
  name: string;
  request: { method: string; path: string; headers?: Record<string, string> };
  response: { status: number; headers: Record<string, string>; body: string };
}

const ROOT = new URL("../../../", import.meta.url);
const RECORDINGS = JSON.parse(readFileSync(new URL("reference/recordings/legacy.json", ROOT), "utf8")) as Recorded[];
const DATASET = JSON.parse(readFileSync(new URL("reference/dataset.json", ROOT), "utf8")) as {
  evaluations: Array<{ app_id: string }>;
  human_evaluations: Array<{ id: string }>;
};
const APP = DATASET.evaluations[0]!.app_id;
const KNOWN = new Set(DATASET.human_evaluations.map((record) => record.id));

/** The recorded request as the engine plans it: raw path and query, as they went on the wire. */
function planned({ request }: Recorded): PlannedRequest {
  const [path, query] = request.path.split("?") as [string, string | undefined];
  return {
    operationId: operationOfPath(path),
    method: request.method,
    path,
    query:
      query === undefined
        ? []
        : query.split("&").map((pair) => (pair.includes("=") ? (pair.split("=", 2) as [string, string]) : [pair, null])),
    headers: Object.entries(request.headers ?? {}),
    label: "recorded",
  };
}

const answerOf = (status: number, contentType: string, body: string): ExchangeAnswer => ({
  status,
  headers: { "content-type": contentType },
  text: body,
  bytes: body.length,
  durationMs: 3,
});

const judged = (entry: Recorded, answer: ExchangeAnswer, compat: Compat = "legacy") =>
  judgeExchange(
    planned(entry),
    { answer },
    { baseUrl: "http://reference.test", compat, appId: APP, knownIds: KNOWN, maxResponseBytes: 1 << 20 },
  )
    .filter((finding) => finding.check === "server-error" || finding.check === "content-type")
    .map((finding) => `${finding.severity} ${finding.check}`);

const SERVICE_PATHS = RECORDINGS.filter((entry) => /^\/(evaluations|human-evaluations)(\/|\?|$)/.test(entry.request.path));
const LEGACY_500S = SERVICE_PATHS.filter((entry) => entry.response.status === 500);

describe("--compat legacy and the recording of the spec-era service", () => {
  it("the recording has the spec-era 500s to judge: unknown and malformed ids, unknown and malformed apps", () => {
    expect(LEGACY_500S.map((entry) => entry.name)).toEqual([
      "evaluations, empty app_id",
      "human-evaluations, empty app_id",
      "evaluations, malformed app_id",
      "evaluations, unknown app",
      "human evaluation, unknown id",
      "human evaluation, malformed id",
      "human evaluation, id with an encoded space",
    ]);
  });

  it.each(SERVICE_PATHS.map((entry) => [entry.name, entry] as const))("recorded %s: no error under legacy", (_, entry) => {
    const { status, headers, body } = entry.response;
    expect(judged(entry, answerOf(status, headers["content-type"]!, body)).filter((line) => line.startsWith("error"))).toEqual([]);
  });

  it.each(LEGACY_500S.map((entry) => [entry.name, entry] as const))("recorded %s: a warning under legacy, an error without", (_, entry) => {
    const { status, headers, body } = entry.response;
    const recorded = answerOf(status, headers["content-type"]!, body);
    expect(judged(entry, recorded)).toEqual(["warning server-error"]);
    expect(judged(entry, recorded, "current")).toEqual(["error server-error"]);
    // The engine predicts the very answer the real framework gave.
    expect(legacyAnswer(planned(entry), { appId: APP, knownIds: KNOWN })).toEqual({ status, body });
  });

  it.each(LEGACY_500S.map((entry) => [entry.name, entry] as const))(
    "recorded %s: any other status, type or body is the same error as without legacy",
    (_, entry) => {
      const { body } = entry.response;
      const others: Array<[string, ExchangeAnswer]> = [
        ["503 text/plain RecursionError", answerOf(503, "text/plain", "RecursionError: maximum recursion depth exceeded")],
        ["Starlette's 500 page", answerOf(500, "text/plain; charset=utf-8", "Internal Server Error")],
        ["another JSON body", answerOf(500, "application/json", '{"detail":"Internal Server Error"}')],
        ["the body with another status", answerOf(502, "application/json", body)],
        ["the body as text/plain", answerOf(500, "text/plain", body)],
        ["the body with a charset", answerOf(500, "application/json; charset=utf-8", body)],
        ["the body reformatted", answerOf(500, "application/json", JSON.stringify(JSON.parse(body), null, 1))],
      ];
      for (const [what, answer] of others) {
        const legacy = judged(entry, answer);
        expect(legacy, what).toContain("error server-error");
        expect(
          legacy.filter((line) => line.startsWith("warning")),
          what,
        ).toEqual([]);
        expect(legacy, what).toEqual(judged(entry, answer, "current"));
      }
    },
  );

  it("the error names the answer legacy accepts there, cut short", () => {
    const entry = LEGACY_500S.find((e) => e.name === "human evaluation, unknown id")!;
    const [finding] = judgeExchange(
      planned(entry),
      { answer: answerOf(503, "text/plain", "RecursionError") },
      { baseUrl: "http://reference.test", compat: "legacy", appId: APP, knownIds: KNOWN, maxResponseBytes: 1 << 20 },
    );
    expect(finding!.message).toContain(
      `accepts here only the spec-era service's own answer: 500 application/json {"detail":"404: Evaluation not found"}`,
    );
    const long = { ...planned(entry), path: `/human-evaluations/${"x".repeat(10_000)}` };
    const [crash] = judgeExchange(
      long,
      { answer: answerOf(503, "text/plain", "RecursionError") },
      { baseUrl: "http://reference.test", compat: "legacy", maxResponseBytes: 1 << 20 },
    );
    expect(crash!.message.length).toBeLessThan(500);
  });
});

describe("legacyAnswer reads the request as uvicorn and Starlette did", () => {
  const get = (path: string, query: PlannedRequest["query"] = []): PlannedRequest => ({
    operationId: operationOfPath(path),
    method: "GET",
    path,
    query,
    headers: [],
    label: "t",
  });
  const settings = { appId: APP, knownIds: KNOWN };
  const detail = (over: PlannedRequest) => legacyAnswer(over, settings)?.body;

  it("the last app_id wins, `+` is a space, a name alone is empty", () => {
    expect(
      detail(
        get("/evaluations", [
          ["app_id", APP],
          ["app_id", "1d6c4519e5dd26101aabfc33"],
        ]),
      ),
    ).toBe(`{"detail":"'NoneType' object has no attribute 'id'"}`);
    expect(
      detail(
        get("/evaluations", [
          ["app_id", "1d6c4519e5dd26101aabfc33"],
          ["app_id", APP],
        ]),
      ),
    ).toBeUndefined();
    expect(detail(get("/evaluations", [["app_id", "a+b"]]))).toContain(`'a b' is not a valid ObjectId`);
    expect(detail(get("/human-evaluations/", [["app_id", null]]))).toContain(`'' is not a valid ObjectId`);
    expect(detail(get("/evaluations", [["app_id", APP.toUpperCase()]]))).toBeUndefined();
    // /human-evaluations never looks the app up; no app_id is FastAPI's 422; other methods its 405.
    expect(detail(get("/human-evaluations", [["app_id", "1d6c4519e5dd26101aabfc33"]]))).toBeUndefined();
    expect(detail(get("/evaluations"))).toBeUndefined();
    expect(legacyAnswer({ ...get("/human-evaluations/abc"), method: "POST" }, settings)).toBeUndefined();
  });

  it("ids: percent-decoded as Python does, an encoded slash is no route, case-insensitive hex", () => {
    expect(detail(get("/human-evaluations/%F0%9F%98%80"))).toContain(`'😀' is not a valid ObjectId`);
    expect(detail(get("/human-evaluations/%FF%41"))).toContain(`'\uFFFDA' is not a valid ObjectId`);
    expect(detail(get("/human-evaluations/%zz"))).toContain(`'%zz' is not a valid ObjectId`);
    expect(detail(get("/human-evaluations/%C2%A0%E2%80%AE"))).toContain(`'\\\\xa0\\\\u202e' is not a valid ObjectId`);
    expect(detail(get("/human-evaluations/a%2Fb"))).toBeUndefined();
    // An encoded slash at the end is the trailing-slash route; a leading BOM is a character of the id.
    expect(detail(get("/human-evaluations/ab%2F"))).toContain(`'ab' is not a valid ObjectId`);
    expect(detail(get("/human-evaluations/%EF%BB%BFab"))).toContain(`'\\\\ufeffab' is not a valid ObjectId`);
    expect(detail(get(`/human-evaluations/${[...KNOWN][0]!.toUpperCase()}/`))).toBeUndefined();
    expect(detail(get("/human-evaluations/1d6c4519e5dd26101aabfc33"))).toBe(`{"detail":"404: Evaluation not found"}`);
    expect(pythonUnquote("a%20b%E6%97%A5%E6%9C%AC+c")).toBe("a b日本+c");
  });
});

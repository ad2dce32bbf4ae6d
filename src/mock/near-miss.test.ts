import { describe, expect, it } from "vitest";
import { nearMissOfPath, nearMissOfQuery } from "./near-miss.js";

const OUTSIDE = "(the mock serves under the base path /api)";

describe("nearMissOfPath", () => {
  it.each([
    // [path, base, outsideBase, near miss]
    ["/evaluation", "", false, "did you mean /evaluations?"],
    ["/evaluatons", "", false, "did you mean /evaluations?"],
    ["/Evaluations", "", false, "did you mean /evaluations?"],
    ["/EVALUATIONS", "", false, "did you mean /evaluations?"],
    // The one route a path begins.
    ["/eval", "", false, "did you mean /evaluations?"],
    ["/human-evaluation", "", false, "did you mean /human-evaluations?"],
    ["/human-evaluation/abc", "", false, "did you mean /human-evaluations/abc?"],
    ["/human_evaluations/abc", "", false, "did you mean /human-evaluations/abc?"],
    ["/humanevaluations/abc", "", false, "did you mean /human-evaluations/abc?"],
    ["/HumanEvaluations", "", false, "did you mean /human-evaluations?"],
    ["/evaluation", "/api", false, "did you mean /api/evaluations?"],
    ["/human-evaluation/abc", "/api", false, "did you mean /api/human-evaluations/abc?"],
    ["/evaluations", "/api", true, `did you mean /api/evaluations? ${OUTSIDE}`],
    ["/human-evaluations", "/api", true, `did you mean /api/human-evaluations? ${OUTSIDE}`],
    ["/human-evaluations/abc", "/api", true, `did you mean /api/human-evaluations/abc? ${OUTSIDE}`],
    // A typo outside the base path: the route under it.
    ["/evaluation", "/api", true, "did you mean /api/evaluations?"],
  ])("%j (base %j, outside %s): %j", (path, base, outsideBase, want) => {
    expect(nearMissOfPath(path, base, outsideBase)).toBe(want);
  });

  it.each([
    ["/", "", false],
    ["", "", false],
    ["/nothing", "", false],
    ["/users", "", false],
    ["/evaluation/abc", "", false],
    ["/evaluations/abc/def", "", false],
    ["/human-evaluation/abc/def", "", false],
    ["/v1/evaluations", "/api", true],
    ["/nothing", "/api", true],
    ["/nothing", "/api", false],
  ])("%j (base %j, outside %s): none", (path, base, outsideBase) => {
    expect(nearMissOfPath(path, base, outsideBase)).toBeUndefined();
  });
});

describe("nearMissOfQuery", () => {
  it.each([
    ["appId=x", "did you mean app_id? (got appId)"],
    ["appid=x", "did you mean app_id? (got appid)"],
    ["APP_ID=x", "did you mean app_id? (got APP_ID)"],
    ["app-id=x", "did you mean app_id? (got app-id)"],
    ["app.id=x", "did you mean app_id? (got app.id)"],
    ["ap_id=x", "did you mean app_id? (got ap_id)"],
    ["app_ids=x", "did you mean app_id? (got app_ids)"],
    ["user_id=1&appId=x", "did you mean app_id? (got appId)"],
    // Scenario parameters are the mock's, never a spelling of app_id.
    ["__delay=5&appId=x", "did you mean app_id? (got appId)"],
  ])("?%s: %j", (query, want) => {
    expect(nearMissOfQuery(new URLSearchParams(query))).toBe(want);
  });

  it.each(["", "user_id=1", "id=x", "application=x", "__app_id=x", "__delay=5"])("?%s: none", (query) => {
    expect(nearMissOfQuery(new URLSearchParams(query))).toBeUndefined();
  });

  it("no query: none", () => {
    expect(nearMissOfQuery(undefined)).toBeUndefined();
  });
});

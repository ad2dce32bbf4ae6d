import { describe, expect, it } from "vitest";
import { foldByRule, groupedFindingLines, groupFindings } from "./group-findings.js";
import type { ReportFinding } from "./model.js";

const f = (severity: "error" | "warning", path: string, rule: string): ReportFinding => ({
  check: "conformance",
  severity,
  path,
  rule,
  message: rule,
});

describe("groupFindings", () => {
  it("folds the same rule at the same place of every record into one line, errors first", () => {
    const groups = groupFindings([
      f("warning", "$[0].created_at", "naive-timestamp"),
      f("warning", "$[1].created_at", "naive-timestamp"),
      f("warning", "$[1].aggregated_results[3].result.error", "null-optional"),
      f("error", "$[7].revisions[0]", "type"),
      f("error", "$[7].revisions[1]", "type"),
    ]);
    expect(groups.map((g) => [g.finding.severity, g.finding.path, g.count])).toEqual([
      ["error", "$[*].revisions[*]", 2],
      ["warning", "$[*].created_at", 2],
      ["warning", "$[1].aggregated_results[3].result.error", 1],
    ]);
  });

  it("keeps different findings of one rule at the very same place apart (two Pact mismatches at $), and counts true repeats", () => {
    const pact = (message: string): ReportFinding => ({ check: "pact", severity: "error", path: "$", rule: "pact", message });
    const groups = groupFindings([
      pact('provider state "app has evaluations": GET /evaluations?app_id=x answered 404, not 200'),
      pact("One or more of the setup state change handlers has failed"),
      pact("One or more of the setup state change handlers has failed"),
    ]);
    expect(groups.map((g) => [g.finding.message.slice(0, 14), g.count])).toEqual([
      ["provider state", 1],
      ["One or more of", 2],
    ]);
  });

  it("keeps findings of one rule with other causes apart (two faults of one fuzz check)", () => {
    const fault = (cause: string, request: string): ReportFinding => ({ ...f("error", "$", "server-error"), cause, request });
    expect(groupFindings([fault("500 A", "GET /x/1"), fault("500 B", "GET /x/2"), fault("500 A", "GET /x/3")]).map((g) => g.count)).toEqual(
      [2, 1],
    );
  });

  it("names where a finding came from: [request] alone, (N times, first request) for a group", () => {
    const at = (path: string, request: string): ReportFinding => ({ ...f("error", path, "required"), request });
    const lines = groupedFindingLines(groupFindings([at("$.a", "GET /x/1"), at("$.a", "GET /x/2"), at("$.b", "GET /x/2")]), true);
    expect(lines).toEqual(["error   $.a  required: required  (2 times, first GET /x/1)", "error   $.b  required: required  [GET /x/2]"]);
    expect(groupedFindingLines(groupFindings([at("$.b", "GET /x/2")]), false)).toEqual(["error   $.b  required: required"]);
  });

  it("writes counts with en-US digit groups", () => {
    const many = Array.from({ length: 2672 }, (_, i) => f("warning", `$[${i}].created_at`, "naive-timestamp"));
    expect(groupedFindingLines(groupFindings(many), false)).toEqual([
      "warning $[*].created_at  naive-timestamp: naive-timestamp  (2,672 times)",
    ]);
  });
});

describe("foldByRule", () => {
  it("folds a whole run's findings by rule alone, counting those a finding stands for", () => {
    const folds = foldByRule([
      { finding: f("warning", "$[0].a", "null-optional"), where: "GET /evaluations" },
      { finding: { ...f("warning", "$[9].b", "null-optional"), omitted: 4 }, where: "GET /human-evaluations" },
      { finding: f("warning", "$.created_at", "naive-timestamp"), where: "GET /human-evaluations/{id}" },
    ]);
    expect(folds.map((fold) => [fold.rule, fold.count, fold.where])).toEqual([
      ["null-optional", 6, "GET /evaluations"],
      ["naive-timestamp", 1, "GET /human-evaluations/{id}"],
    ]);
  });
});

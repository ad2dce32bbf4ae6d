import { describe, expect, it } from "vitest";
import { groupedFindingLines, groupFindings } from "./format-report.js";
import type { VerificationFinding } from "./report.js";

const f = (severity: "error" | "warning", path: string, rule: string): VerificationFinding => ({ severity, path, rule, message: rule });

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
    const pact = (message: string): VerificationFinding => ({ severity: "error", path: "$", rule: "pact", message });
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

  it("names where a finding came from: [request] alone, (N times, first request) for a group", () => {
    const at = (path: string, request: string): VerificationFinding => ({ ...f("error", path, "required"), request });
    const lines = groupedFindingLines(groupFindings([at("$.a", "GET /x/1"), at("$.a", "GET /x/2"), at("$.b", "GET /x/2")]), true);
    expect(lines).toEqual(["error   $.a  required: required  (2 times, first GET /x/1)", "error   $.b  required: required  [GET /x/2]"]);
    expect(groupedFindingLines(groupFindings([at("$.b", "GET /x/2")]), false)).toEqual(["error   $.b  required: required"]);
  });
});

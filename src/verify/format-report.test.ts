import { describe, expect, it } from "vitest";
import { groupFindings } from "./format-report.js";
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
});

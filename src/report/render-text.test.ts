// The text renderer on a hand-made report: a section whose checks all passed is one line, the others
// list what did not pass; the run's warnings are one line per rule with its count (en-US digit
// groups); known findings apart; stale baseline entries named; every line terminal-safe.
import { describe, expect, it } from "vitest";
import { buildReport } from "./build-report.js";
import type { ReportFinding } from "./model.js";
import { renderText } from "./render-text.js";

const warning = (i: number, rule = "naive-timestamp"): ReportFinding => ({
  check: "conformance",
  severity: "warning",
  operation: "listEvaluations",
  path: `$[${i}].created_at`,
  rule,
  message: `"2024-01-01T00:00:0${i % 10}" has no UTC offset`,
});

const report = buildReport({
  tool: "verify",
  name: "evals-contract verify",
  subject: "http://provider",
  intro: ["Verifying http://provider"],
  verdict: "fail",
  verdictLine: "FAIL: the provider breaks the contract",
  strict: false,
  properties: {},
  notes: ["an app \u001b[2J note"],
  baseline: { file: "baseline.json", known: 1, stale: [{ check: "status", operation: "getHumanEvaluation", cause: "404" }], expired: 0 },
  sections: [
    {
      kind: "checks",
      title: "GET /evaluations?app_id={app_id}",
      checks: [
        { check: "conformance", outcome: "warned", findings: Array.from({ length: 5200 }, (_, i) => warning(i)) },
        { check: "app-id-filter", outcome: "passed", findings: [] },
        {
          check: "server-error",
          outcome: "failed",
          findings: [
            { check: "server-error", severity: "error", path: "$", rule: "server-error", message: "answered 500", cause: "500 A" },
            { check: "server-error", severity: "error", path: "$", rule: "server-error", message: "old 500", cause: "500 B", known: true },
          ],
        },
      ],
    },
    { kind: "checks", title: "GET /evaluations/?app_id={app_id}", checks: [{ check: "trailing-slash", outcome: "passed", findings: [] }] },
    {
      kind: "checks",
      title: "GET /human-evaluations?app_id={app_id}",
      checks: [{ check: "conformance", outcome: "warned", findings: [warning(1), warning(2, "null-optional")] }],
    },
  ],
});
const lines = renderText(report);

describe("renderText", () => {
  it("puts a section whose checks all passed on one line, and lists the others' checks", () => {
    expect(lines).toContain("GET /evaluations/?app_id={app_id}  ok: trailing-slash");
    expect(lines).toContain("  warn  conformance (5,200 warnings)");
    expect(lines).toContain("  FAIL  server-error (1 error, 1 known)");
    expect(lines).toContain("        error   $  server-error: answered 500");
    expect(lines).toContain("  ok    app-id-filter");
  });

  it("folds the run's warnings by rule, one line each with its count, and the known findings apart", () => {
    const folded = lines.filter((line) => line.includes("naive-timestamp"));
    expect(folded).toEqual([
      '  naive-timestamp  5,201 times  "2024-01-01T00:00:00" has no UTC offset  (first at $[*].created_at in GET /evaluations?app_id={app_id})',
    ]);
    expect(lines.filter((line) => line.includes("null-optional"))).toHaveLength(1);
    expect(lines.indexOf("Known findings, folded by rule (listed in the baseline: reported, not failing):")).toBeGreaterThan(0);
    expect(lines).toContain("  server-error  1 time  old 500  (first in GET /evaluations?app_id={app_id})");
  });

  it("ends with the notes, the baseline's stale entries, the counts and the verdict, every line terminal-safe", () => {
    expect(lines.slice(-5)).toEqual([
      "Note: an app \\x1b[2J note",
      "Baseline baseline.json: 1 known finding (not failing)",
      "Stale baseline entry (no such finding in this run): remove it from baseline.json: status | getHumanEvaluation | 404",
      "5 checks: 2 passed, 2 warned, 1 failed, 0 skipped; 1 error, 5,202 warnings, 1 known (baseline)",
      "FAIL: the provider breaks the contract",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import type { Finding } from "./finding.js";
import { formatFoldedFindings, messagePattern } from "./fold-findings.js";

const warning = (path: string, message: string, rule = "naive-timestamp"): Finding => ({ severity: "warning", path, rule, message });

describe("formatFoldedFindings", () => {
  it("sets the values aside when comparing messages, but keeps names", () => {
    expect(messagePattern('"2024-05-17T10:54:19" has no UTC offset')).toBe('"…" has no UTC offset');
    expect(messagePattern('property "extra" is not listed')).toBe('property "extra" is not listed');
  });

  it("folds repeats of a finding, keeps distinct ones and severities apart, in first-seen order", () => {
    const lines = formatFoldedFindings([
      warning("$[0].a", '"2024-01-01T00:00:00" has no UTC offset'),
      { severity: "error", path: "$[0].b", rule: "type", message: "must be string" },
      warning("$[1].a", '"2024-01-02T00:00:00" has no UTC offset'),
      warning("$[2].x", 'property "x" is not listed', "unknown-property"),
      warning("$[3].y", 'property "y" is not listed', "unknown-property"),
      { severity: "error", path: "$[1].b", rule: "type", message: "must be string" },
    ]);
    expect(lines).toEqual([
      'warning $[0].a  naive-timestamp: "2024-01-01T00:00:00" has no UTC offset (2 times, at $[0].a, $[1].a; --all lists each)',
      "error   $[0].b  type: must be string (2 times, at $[0].b, $[1].b; --all lists each)",
      'warning $[2].x  unknown-property: property "x" is not listed',
      'warning $[3].y  unknown-property: property "y" is not listed',
    ]);
  });

  it("folds errors repeated with other values as warnings are, but not across severities", () => {
    const lines = formatFoldedFindings([
      { severity: "error", path: "$[0].a", rule: "naive-timestamp", message: '"2024-01-01T00:00:00" has no UTC offset' },
      { severity: "error", path: "$[1].a", rule: "naive-timestamp", message: '"2024-01-02T00:00:00" has no UTC offset' },
      warning("$[2].a", '"2024-01-03T00:00:00" has no UTC offset'),
      { severity: "error", path: "$[3].b", rule: "required", message: 'must have property "id"' },
    ]);
    expect(lines).toEqual([
      'error   $[0].a  naive-timestamp: "2024-01-01T00:00:00" has no UTC offset (2 times, at $[0].a, $[1].a; --all lists each)',
      'warning $[2].a  naive-timestamp: "2024-01-03T00:00:00" has no UTC offset',
      'error   $[3].b  required: must have property "id"',
    ]);
  });

  it("handles a million findings in a few lines", () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) =>
      warning(`$[${i}].created_at`, `"2024-01-01T00:00:${i % 60}" has no UTC offset`),
    );
    const lines = formatFoldedFindings(many);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /\(1,000,000 times, at \$\[0\]\.created_at, \$\[1\]\.created_at, \$\[2\]\.created_at, \.\.\.; --all lists each\)$/,
    );
  });
});

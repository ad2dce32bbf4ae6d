// The JUnit XML: a testsuite per check group, a testcase per check, failures and skips in place,
// and every character escaped or dropped so the document stays well-formed.
import { describe, expect, it } from "vitest";
import type { CheckResult, VerificationReport } from "../verify/report.js";
import type { DriftReport } from "../drift/finding.js";
import { fromDrift } from "./from-drift.js";
import { fromVerify } from "./from-verify.js";
import { renderJUnit } from "./render-junit.js";
import { escapeXml } from "./xml.js";

const toJUnitXml = (report: VerificationReport): string => renderJUnit(fromVerify(report));

const check = (over: Partial<CheckResult>): CheckResult => ({
  group: "conformance",
  check: "conformance",
  endpoint: "GET /evaluations?app_id={app_id}",
  outcome: "passed",
  findings: [],
  durationMs: 12,
  ...over,
});

const report = (checks: CheckResult[]): VerificationReport => ({
  baseUrl: "http://host/api",
  observations: [],
  appId: "a&b",
  unknownAppId: "0".repeat(24),
  unknownEvaluationId: "1".repeat(24),
  malformedEvaluationId: "zz",
  strict: false,
  compat: "current",
  pact: "ran",
  verdict: "fail",
  passed: false,
  notes: [],
  startedAt: "2024-07-10T12:00:00.000Z",
  durationMs: 1500,
  requests: 3,
  counts: { checks: checks.length, passed: 0, warned: 0, failed: 0, skipped: 0, errors: 0, warnings: 0, known: 0 },
  checks,
});

describe("renderJUnit of a verify run", () => {
  const xml = toJUnitXml(
    report([
      check({}),
      check({
        outcome: "failed",
        check: "app-id-filter",
        group: "cross-endpoint",
        findings: [
          {
            check: "app-id-filter",
            severity: "error",
            path: "$[0].app_id",
            rule: "app-id-filter",
            message: 'record of app "<x&y>" \u0001here',
            request: "GET /e?a=1&b=2",
          },
          { check: "app-id-filter", severity: "warning", path: "$[0].created_at", rule: "naive-timestamp", message: "no 'offset'" },
        ],
      }),
      check({ group: "pact", check: "pact", endpoint: "Pact verification", outcome: "skipped", skipReason: "no --app-id given" }),
    ]),
  );

  it("has a testsuite per group with its counts, in group order", () => {
    const suites = [...xml.matchAll(/<testsuite name="([^"]+)" tests="(\d+)" failures="(\d+)" errors="0" skipped="(\d+)"/g)].map((m) =>
      m.slice(1),
    );
    expect(suites).toEqual([
      ["pact", "1", "0", "1"],
      ["conformance", "1", "0", "0"],
      ["cross-endpoint", "1", "1", "0"],
    ]);
    expect(xml).toContain('<testsuites name="evals-contract verify" tests="3" failures="1" errors="0" skipped="1" time="1.500">');
    expect(xml).toContain('<property name="appId" value="a&amp;b"/>');
  });

  it("puts errors in a failure and warnings in system-out, escaped, without invalid characters", () => {
    expect(xml).toContain(
      '<failure message="1 error: $[0].app_id app-id-filter: record of app &quot;&lt;x&amp;y&gt;&quot; here" type="app-id-filter">error   $[0].app_id  app-id-filter: record of app &quot;&lt;x&amp;y&gt;&quot; \\x01here  [GET /e?a=1&amp;b=2]</failure>',
    );
    expect(xml).toContain("<system-out>warning $[0].created_at  naive-timestamp: no &apos;offset&apos;</system-out>");
    expect(xml).toContain('<skipped message="no --app-id given"/>');
    expect([...xml].filter((ch) => ch.charCodeAt(0) < 0x20 && !"\t\n\r".includes(ch))).toEqual([]);
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect((xml.match(/<\/testcase>/g) ?? []).length + (xml.match(/<testcase [^>]*\/>/g) ?? []).length).toBe(3);
  });

  it("drops lone surrogates and keeps astral characters", () => {
    expect(escapeXml("a\uD800b \u{1F600}")).toBe("ab \u{1F600}");
  });

  it("folds the same finding of many records into one line of the failure, like the text report", () => {
    const naive = (i: number) => ({
      check: "conformance",
      severity: "error" as const,
      path: `$[${i}].created_at`,
      rule: "naive-timestamp",
      message: "no offset",
      request: "GET /evaluations?app_id=a",
    });
    const folded = toJUnitXml(report([check({ outcome: "failed", findings: Array.from({ length: 40 }, (_, i) => naive(i)) })]));
    expect(folded).toContain(
      '<failure message="40 errors: $[0].created_at naive-timestamp: no offset" type="naive-timestamp">error   $[*].created_at  naive-timestamp: no offset  (40 times, first GET /evaluations?app_id=a)</failure>',
    );
  });
});

describe("renderJUnit of a drift", () => {
  it("a testcase per place and kind: breaking drift its failure, compatible drift its system-out", () => {
    const drift: DriftReport = {
      source: "provider.yaml",
      providerVersion: "3.0.2",
      contractVersion: "3.1.0",
      breaking: 1,
      compatible: 1,
      findings: [
        {
          severity: "breaking",
          kind: "field-missing",
          where: "GET /evaluations 200",
          path: "$[*].created_at",
          message: 'the provider does not describe "created_at"',
        },
        { severity: "compatible", kind: "operation-id", where: "GET /evaluations", path: "", message: "another operationId <x>" },
      ],
    };
    const xml = renderJUnit(fromDrift(drift));
    expect(xml).toContain('<testsuite name="drift" tests="2" failures="1" errors="0" skipped="0"');
    expect(xml).toContain(
      '<failure message="1 error: $[*].created_at field-missing: the provider does not describe &quot;created_at&quot;" type="field-missing">',
    );
    expect(xml).toContain("<system-out>warning operation-id: another operationId &lt;x&gt;</system-out>");
  });
});

// The HTML report of a verify run (`renderHtml(fromVerify(report))`, `verify --html`): self-contained, everything rendered in the
// page, everything from the provider escaped and its URLs' credentials redacted. What a browser
// shows of it is tested in test/browser/report.test.ts.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromVerify, renderHtml, verifyProvider, writeHtmlReport, type VerificationReport } from "../../src/verify/index.js";
import type { RunningProvider } from "../verify/fixture-provider.js";
import { HOSTILE, HOSTILE_APP_ID, LEAKED_PASSWORD, LEAKED_TOKEN, startHostileProvider } from "../verify/hostile-provider.js";

const toHtmlReport = (report: VerificationReport): string => renderHtml(fromVerify(report));

let provider: RunningProvider;
let report: VerificationReport;
let html: string;

beforeAll(async () => {
  provider = await startHostileProvider();
  report = await verifyProvider({ baseUrl: provider.url, appId: HOSTILE_APP_ID, pact: false });
  html = toHtmlReport(report);
});
afterAll(() => provider.close());

describe("the HTML report of a verify run", () => {
  it("is one document with no external resource: no src, href, url(), @import, and a CSP that forbids fetches", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    // Every `<` from the provider is escaped, so each tag in the text is the report's own.
    expect(html).not.toMatch(/<[a-z][^>]*\s(src|href|srcset|action)=/i);
    expect(html).not.toMatch(/url\(|@import/i);
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+';/,
    );
    // Exactly one script and one style element: ours.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<style/g)).toHaveLength(1);
  });

  it("shows the verdict, the counts and a row per check group", () => {
    expect(report.verdict).toBe("fail");
    expect(html).toContain(`<span class="verdict verdict-fail">FAIL</span>`);
    expect(html).toContain(`${report.counts.checks} checks: ${report.counts.passed} passed`);
    expect(html).toMatch(/<tr><th scope="row">conformance<\/th>(<td class="num">\d+<\/td>){7}<td class="num">[\d.]+ m?s<\/td><\/tr>/);
    expect(html).toMatch(/<tr><th scope="row">cross-endpoint<\/th>/);
  });

  it("renders every finding in the page, with its path, message and full request URL", () => {
    const rows = html.match(/<tr class="finding"/g) ?? [];
    expect(rows).toHaveLength(report.checks.reduce((n, c) => n + c.findings.length, 0));
    expect(html).toContain(`<td><code>$[0].status</code></td><td>must be object, got string</td>`);
    expect(html).toContain(`<code>GET ${provider.url}/evaluations?app_id=${HOSTILE_APP_ID}</code>`);
  });

  it("escapes markup, quotes and control characters from the provider", () => {
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain("<img");
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toContain("\u0001");
    expect(html).not.toContain("\u0007");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&amp;\\u0001\\u0007",
    );
    // The rule filter's options and the rows' data-rule attributes are escaped too.
    expect(html).toContain(`data-rule="unknown-property"`);
  });

  it("redacts the credentials of URLs the provider named", () => {
    expect(html).toContain("cross-origin-redirect");
    expect(html).toContain("http://[redacted]@evil.example/steal?token=[redacted]&amp;x=1");
    expect(html).not.toContain(LEAKED_PASSWORD);
    expect(html).not.toContain(LEAKED_TOKEN);
  });

  it("puts the filter bar in the page hidden, for the script to show", () => {
    expect(html).toContain(`<form id="filters" hidden role="search">`);
    expect(html).toContain(`<option value="cross-origin-redirect">cross-origin-redirect</option>`);
  });
});

/** A report of one check with `errors` + `warnings` findings over two rules (errors: `type`, warnings: `timestamp`). */
function syntheticReport(errors: number, warnings: number): VerificationReport {
  const findings: VerificationReport["checks"][number]["findings"] = [];
  for (let i = 0; i < errors + warnings; i++)
    findings.push({
      check: "conformance",
      severity: i < warnings ? "warning" : "error",
      path: `$[${i}].created_at`,
      rule: i < warnings ? "timestamp" : "type",
      message: `must be a date-time with a zone, got 2024-01-01T00:00:${i % 60}`,
      request: "GET /evaluations?app_id=a",
    });
  return {
    baseUrl: "http://provider.test/api",
    observations: [],
    appId: "a",
    unknownAppId: "b",
    unknownEvaluationId: "c",
    malformedEvaluationId: "zz",
    strict: false,
    compat: "current",
    pact: "disabled",
    verdict: errors > 0 ? "fail" : "pass",
    passed: errors === 0,
    notes: [],
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1,
    requests: 1,
    counts: { checks: 1, passed: 0, warned: 0, failed: 1, skipped: 0, errors, warnings, known: 0 },
    checks: [
      {
        group: "conformance",
        check: "conformance",
        endpoint: "GET /evaluations?app_id={app_id}",
        findings,
        outcome: errors > 0 ? "failed" : "warned",
        durationMs: 1,
      },
    ],
  };
}

/** Counts what is written, keeping nothing (a million findings need no file). */
class CountingSink extends Writable {
  bytes = 0;
  rows = 0;
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.bytes += chunk.length;
    this.rows += chunk.toString().split('<tr class="finding"').length - 1;
    done();
  }
}

describe("the HTML report: warnings collapsed by rule (issue 22)", () => {
  const page = toHtmlReport(syntheticReport(2, 5));
  it("opens a rule group with errors, collapses one of warnings only to its summary and counts", () => {
    expect(page).toMatch(/<details class="rule-group" open data-open="yes"><summary><code>type<\/code> · 2 errors<\/summary>/);
    expect(page).toMatch(/<details class="rule-group" data-open="no"><summary><code>timestamp<\/code> · 5 warnings<\/summary>/);
  });
  it("puts the rule with errors first, and errors before warnings inside a group", () => {
    expect(page.indexOf("<code>type</code>")).toBeLessThan(page.indexOf("<code>timestamp</code>"));
    const mixed = syntheticReport(0, 0);
    mixed.checks[0]!.findings = [
      { check: "conformance", severity: "warning", path: "$[0].a", rule: "r", message: "w" },
      { check: "conformance", severity: "error", path: "$[1].a", rule: "r", message: "e" },
    ];
    const html = toHtmlReport(mixed);
    expect(html.indexOf('data-severity="error"')).toBeLessThan(html.indexOf('data-severity="warning"'));
    expect(html).toContain(`<details class="rule-group" open data-open="yes"><summary><code>r</code> · 1 error, 1 warning</summary>`);
  });
});

describe("writeHtmlReport: linear in findings (issue 23)", () => {
  // The figure for 1,000,000 (target < 45 s) is `npm run bench -- targets html-1m`. Quadratic before:
  // 80,000 findings took 57 s, so 200,000 would run past this test's timeout.
  it("streams a report of 200,000 findings of one rule: every finding is a row", async () => {
    const sink = new CountingSink();
    await writeHtmlReport(sink, fromVerify(syntheticReport(20_000, 180_000)));
    expect(sink.rows).toBe(200_000);
  }, 60_000);
});

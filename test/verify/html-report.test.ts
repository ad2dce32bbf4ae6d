// The HTML report (`toHtmlReport`, `verify --html`): self-contained, everything rendered in the
// page, everything from the provider escaped and its URLs' credentials redacted. What a browser
// shows of it is tested in test/browser/report.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toHtmlReport, verifyProvider, type VerificationReport } from "../../src/verify/index.js";
import type { RunningProvider } from "./fixture-provider.js";
import { HOSTILE, HOSTILE_APP_ID, LEAKED_PASSWORD, LEAKED_TOKEN, startHostileProvider } from "./hostile-provider.js";

let provider: RunningProvider;
let report: VerificationReport;
let html: string;

beforeAll(async () => {
  provider = await startHostileProvider();
  report = await verifyProvider({ baseUrl: provider.url, appId: HOSTILE_APP_ID, pact: false });
  html = toHtmlReport(report);
});
afterAll(() => provider.close());

describe("toHtmlReport", () => {
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
    expect(html).toContain("http://***@evil.example/steal?token=***&amp;x=1");
    expect(html).not.toContain(LEAKED_PASSWORD);
    expect(html).not.toContain(LEAKED_TOKEN);
  });

  it("puts the filter bar in the page hidden, for the script to show", () => {
    expect(html).toContain(`<form id="filters" hidden role="search">`);
    expect(html).toContain(`<option value="cross-origin-redirect">cross-origin-redirect</option>`);
  });
});

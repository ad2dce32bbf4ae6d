// `fuzz --html`: the page every tool shares (its stylesheet and filter script, the same CSP), self-contained, and
// everything the provider sent escaped: a provider that answers a <script> in its 500 body and a base URL
// with credentials must not put either on the page.
import { afterAll, describe, expect, it } from "vitest";
import { fromFuzz, fuzzProvider, renderHtml } from "../../src/fuzz/index.js";
import { REPORT_CSS } from "../../src/report/html/assets.js";
import { closeTestServers, listenForTest } from "../helpers/test-servers.js";
import { APP_A } from "../verify/dataset.js";
import { createFaultyProvider, providerUrl } from "../fuzz/faulty-providers.js";

afterAll(closeTestServers);

describe("the fuzz HTML report", () => {
  it("is self-contained, the page every tool shares, with the provider's text escaped and credentials redacted", async () => {
    const hostile = createFaultyProvider((request) =>
      request.operationId === "getHumanEvaluation" && /[^\x20-\x7e]/.test(request.path)
        ? {
            status: 500,
            headers: { "content-type": "text/html" },
            body: `<script>alert("pwned")</script>\u0000<img src=x onerror=alert(1)>`,
          }
        : undefined,
    );
    await listenForTest(hostile.server);
    const url = providerUrl(hostile.server).replace("http://", "http://admin:s3cret@");
    const report = await fuzzProvider({ baseUrl: url, appId: APP_A, seed: 4, maxRequests: 300 });
    expect(report.failures.map((f) => f.check)).toContain("server-error");
    const html = renderHtml(fromFuzz(report));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<style>${REPORT_CSS}</style>`);
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'/,
    );
    expect(html).not.toMatch(/<script>alert|<img src=x/);
    expect(html).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;");
    expect(html).not.toContain("s3cret");
    expect(html).not.toMatch(/\b(?:src|href)="https?:/);
    // The rows carry what verify's filter script reads.
    expect(html).toMatch(/<tr class="finding" data-severity="error" data-rule="server-error">/);
  });
});

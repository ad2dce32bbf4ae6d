// The HTML verify report in a real browser: a hostile provider's findings all visible (as text, no
// script of theirs running), the filter (errors only, rule, text) hides and shows rows, and with
// JavaScript off from file:// the whole report reads. SCREENSHOTS=1 writes docs/images/verify-report.png.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromVerify, renderHtml, verifyProvider, type VerificationReport } from "../../src/verify/index.js";
import { startMockServer } from "../../src/mock/index.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../../src/types/dataset.js";
import { richestApp } from "../verify/conforming.js";
import { HOSTILE, HOSTILE_APP_ID, startHostileProvider } from "../verify/hostile-provider.js";
import { launchBrowser, openPage, RUN_BROWSER_TESTS, screenshotPath, SCREENSHOTS, type RunningBrowser } from "./browser.js";

describe.runIf(RUN_BROWSER_TESTS)("HTML verify report in Chromium", () => {
  let dir: string;
  let url: string;
  let report: VerificationReport;
  let chromium: RunningBrowser;

  beforeAll(async () => {
    const provider = await startHostileProvider();
    try {
      report = await verifyProvider({ baseUrl: provider.url, appId: HOSTILE_APP_ID, pact: false });
    } finally {
      await provider.close();
    }
    dir = mkdtempSync(join(tmpdir(), "evals-contract-report-"));
    const file = join(dir, "verify.html");
    writeFileSync(file, renderHtml(fromVerify(report)));
    url = pathToFileURL(file).href;
    chromium = await launchBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const total = (): number => report.checks.reduce((n, c) => n + c.findings.length, 0);
  const visibleRows = `[...document.querySelectorAll("tr.finding")].filter((row) => row.offsetParent !== null)`;

  it("shows every finding with no console error, and the provider's markup only as text", async () => {
    const { page, problems } = await openPage(chromium.browser);
    await page.goto(url);
    expect(await page.$eval("h1 .verdict", (node) => node.textContent)).toBe("FAIL");
    expect(await page.evaluate(`${visibleRows}.length`)).toBe(total());
    expect(await page.$eval("#shown", (node) => node.textContent)).toBe(`${total()} of ${total()} findings shown`);
    // The hostile field name is there, as text, its control characters shown as escapes.
    const shown = HOSTILE.replace("\u0001", "\\u0001").replace("\u0007", "\\u0007");
    expect(await page.evaluate(`${visibleRows}.some((row) => row.textContent.includes(${JSON.stringify(shown)}))`)).toBe(true);
    expect(await page.$$("main img")).toHaveLength(0);
    expect(await page.$$("script")).toHaveLength(1);
    if (SCREENSHOTS) await page.screenshot({ path: screenshotPath("verify-report") });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("filters: errors only, by rule, by text", async () => {
    const { page, problems } = await openPage(chromium.browser);
    await page.goto(url);
    const severities = (): Promise<string[]> => page.evaluate(`${visibleRows}.map((row) => row.dataset.severity)`) as Promise<string[]>;
    const rules = (): Promise<string[]> => page.evaluate(`${visibleRows}.map((row) => row.dataset.rule)`) as Promise<string[]>;
    expect(await severities()).toContain("warning");

    await page.click("input[name=errors]");
    const errors = report.checks.flatMap((c) => c.findings).filter((f) => f.severity === "error").length;
    expect(await severities()).toEqual(Array(errors).fill("error"));
    await page.click("input[name=errors]");

    await page.select("select[name=rule]", "cross-origin-redirect");
    expect(await rules()).toEqual(["cross-origin-redirect", "cross-origin-redirect", "cross-origin-redirect"]);
    // Endpoints and checks with nothing left to show are hidden too.
    expect(await page.evaluate(`[...document.querySelectorAll("section.endpoint")].filter((s) => !s.hidden).length`)).toBe(2);
    await page.select("select[name=rule]", "");

    await page.type("input[name=text]", "created_at");
    expect(await rules()).toEqual(["timestamp"]);
    expect(await page.$eval("#shown", (node) => node.textContent)).toBe(`1 of ${total()} findings shown`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("reads from file:// with JavaScript off: every finding there, no dead filter controls", async () => {
    const { page, problems } = await openPage(chromium.browser);
    await page.setJavaScriptEnabled(false);
    await page.goto(url);
    const text = await page.$eval("main", (node) => (node as unknown as { innerText: string }).innerText);
    expect(await page.$$eval("tr.finding", (rows) => rows.length)).toBe(total());
    expect(text).toContain("cross-origin-redirect");
    expect(text).toContain("http://[redacted]@evil.example/steal?token=[redacted]&x=1");
    expect(text).toContain("must be object, got string");
    expect(await page.$eval("#filters", (node) => (node as unknown as { offsetParent: unknown }).offsetParent)).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });
});

// Issue 22: the report of a passing run of the toolkit's own mock was 33,000 px tall, its hundreds of
// warnings all expanded. Warnings are collapsed by rule with counts, and expand on demand (scripts off too).
describe.runIf(RUN_BROWSER_TESTS)("HTML verify report of a passing run of the mock in Chromium", () => {
  let dir: string;
  let url: string;
  let report: VerificationReport;
  let chromium: RunningBrowser;

  beforeAll(async () => {
    const mock = await startMockServer({ port: 0 });
    try {
      const data = JSON.parse(readFileSync(DEFAULT_DATASET_PATH, "utf8")) as Dataset;
      report = await verifyProvider({ baseUrl: mock.url, appId: richestApp(data), pact: false });
    } finally {
      await mock.close();
    }
    dir = mkdtempSync(join(tmpdir(), "evals-contract-report-"));
    const file = join(dir, "verify.html");
    writeFileSync(file, renderHtml(fromVerify(report)));
    url = pathToFileURL(file).href;
    chromium = await launchBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // A closed <details> keeps its rows laid out for offsetParent in Chromium (content-visibility): ask checkVisibility().
  const visibleRows = `[...document.querySelectorAll("tr.finding")].filter((row) => row.checkVisibility()).length`;

  it.each([
    ["scripts on", true],
    ["scripts off", false],
  ])("%s: the warnings start collapsed (a short page), a summary click expands its rule", async (_name, javaScript) => {
    expect(report.verdict).toBe("pass");
    expect(report.counts.warnings).toBeGreaterThan(50);
    const { page, problems } = await openPage(chromium.browser);
    await page.setJavaScriptEnabled(javaScript);
    await page.goto(url);
    expect(await page.evaluate(visibleRows)).toBe(0);
    const height = (await page.evaluate("document.documentElement.scrollHeight")) as number;
    expect(height).toBeLessThan(6_000);
    const summary = await page.$("details.rule-group > summary");
    expect(await page.evaluate("document.querySelector('details.rule-group > summary').textContent")).toMatch(/ · \d+ warnings?$/);
    await summary!.click();
    expect(await page.evaluate(visibleRows)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a filter opens the groups it finds rows in, and clearing it collapses them again", async () => {
    const { page, problems } = await openPage(chromium.browser);
    await page.goto(url);
    const rule = report.checks.flatMap((c) => c.findings)[0]!.rule;
    await page.select("select[name=rule]", rule);
    const matching = report.checks.flatMap((c) => c.findings).filter((f) => f.rule === rule).length;
    expect(await page.evaluate(visibleRows)).toBe(matching);
    await page.select("select[name=rule]", "");
    expect(await page.evaluate(visibleRows)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

// The mock console in a real browser: no console error, the request log shows a request made after
// the page opened (over Server-Sent Events), a scenario switch changes the next API response, the
// reload button reloads the data file. Waits are on the DOM, never on the clock. SCREENSHOTS=1
// writes docs/images/mock-console.png.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import { APP_A, exampleDataset } from "../mock/datasets.js";
import { launchBrowser, openPage, RUN_BROWSER_TESTS, screenshotPath, SCREENSHOTS, type RunningBrowser } from "./browser.js";

describe.runIf(RUN_BROWSER_TESTS)("mock console in Chromium", () => {
  let dir: string;
  let file: string;
  let server: RunningMockServer;
  let chromium: RunningBrowser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "evals-contract-console-"));
    file = join(dir, "data.json");
    await writeFile(file, JSON.stringify(exampleDataset()));
    server = await startMockServer({ dataFile: file, port: 0, basePath: "/api" });
    chromium = await launchBrowser();
    ({ page, problems } = await openPage(chromium.browser));
    await page.goto(`${server.url}/_mock/`);
    // Ready: state and log loaded, and the event stream open.
    await page.waitForFunction(`document.body.dataset.ready === "true" && document.body.dataset.live === "true"`);
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Resolves with the text of the log row whose text contains `wanted`, once the page shows one. */
  const logRow = (wanted: string) =>
    page.waitForFunction(
      `[...document.querySelectorAll("#requests tr")].map((row) => row.textContent).find((text) => text.includes(${JSON.stringify(wanted)}))`,
    );

  it("shows the dataset: source, counts and apps", async () => {
    expect(await page.$eval("#source", (node) => node.textContent)).toBe(file);
    expect(await page.$eval("#summary", (node) => node.textContent)).toBe("5 evaluations, 4 human evaluations, 3 apps");
    expect(await page.$$eval("#apps tr", (rows) => rows.map((row) => row.textContent))).toContain(`${APP_A}22`);
    expect(problems).toEqual([]);
  });

  it("logs a request made after the page opened, live", async () => {
    const path = `/api/evaluations?app_id=${APP_A}&after-open=1`;
    await fetch(`${server.url.replace(/\/api$/, "")}${path}`);
    const row = await logRow(path);
    expect(await row.jsonValue()).toMatch(/^\d\d:\d\d:\d\d\.\d{3}GET\/api\/evaluations\?app_id=\w+&after-open=1200[\d.]+ ms$/);
    expect(problems).toEqual([]);
  });

  it("switches a scenario that changes the next API response", async () => {
    await page.select("#code", "503");
    await page.click("#empty");
    await page.click("#apply");
    await page.waitForFunction(`document.getElementById("scenario-now").textContent.includes("status 503")`);
    const answer = await fetch(`${server.url}/evaluations?app_id=${APP_A}&switched=1`);
    expect([answer.status, await answer.text()]).toEqual([503, '{"detail":"Service Unavailable"}']);
    expect(await (await logRow("&switched=1")).jsonValue()).toContain("503");

    // Status back to normal, empty lists kept: the list answers [].
    await page.select("#code", "");
    await page.click("#apply");
    await page.waitForFunction(
      `document.getElementById("scenario-now").textContent === "Active for every request without its own Prefer or session: empty lists"`,
    );
    const empty = await fetch(`${server.url}/evaluations?app_id=${APP_A}&switched=2`);
    expect([empty.status, await empty.text()]).toEqual([200, "[]"]);

    // A fault for one operation: the proxy's 502 page on the by-id route only.
    await page.click("#empty");
    await page.select("#operation", "getHumanEvaluation");
    await page.select("#fault", "gateway");
    await page.click("#apply");
    await page.waitForFunction(`document.getElementById("scenario-now").textContent.endsWith("getHumanEvaluation: fault gateway")`);
    const gateway = await fetch(`${server.url}/human-evaluations/${exampleDataset().human_evaluations[0]!.id}?switched=3`);
    expect([gateway.status, gateway.headers.get("content-type")]).toEqual([502, "text/html"]);
    expect((await fetch(`${server.url}/evaluations?app_id=${APP_A}&switched=4`)).status).toBe(200);
    expect(await (await logRow("switched=3")).jsonValue()).toContain("fault=gateway");
    await page.select("#operation", "");
    await page.select("#fault", "");
    if (SCREENSHOTS) {
      await fetch(`${server.url}/human-evaluations?app_id=${APP_A}`, { headers: { Prefer: "delay=120" } });
      await fetch(`${server.url}/human-evaluations/not-an-id`);
      await fetch(`${server.url}/evaluations`);
      await logRow("/api/evaluations422");
    }

    await page.click("#clear");
    await page.waitForFunction(`document.getElementById("scenario-now").textContent.startsWith("None")`);
    const normal = await fetch(`${server.url}/evaluations?app_id=${APP_A}`);
    expect(((await normal.json()) as unknown[]).length).toBe(2);
    expect(problems).toEqual([]);
  });

  it("reloads the data file with the button and states the outcome", async () => {
    const data = exampleDataset();
    data.evaluations.pop();
    await writeFile(file, JSON.stringify(data));
    await page.click("#reload");
    await page.waitForFunction(`document.getElementById("summary").textContent.startsWith("4 evaluations")`);
    expect(await page.$eval("#last-reload", (node) => node.textContent)).toMatch(
      /: accepted \(4 evaluations, 4 human evaluations, 3 apps\)$/,
    );
    if (SCREENSHOTS) await page.screenshot({ path: screenshotPath("mock-console"), fullPage: true });
    expect(problems).toEqual([]);
  });
});

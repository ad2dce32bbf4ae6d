// A HAR written by a real Chromium page (Playwright's recordHar, bodies embedded) through the mock
// gives the same coverage as the mock's own record of the same traffic: the page, served from the
// mock's origin, fetches a known set of requests (both lists, 422, the /path/ form, a record by id,
// an unknown and a malformed id, a forced 500, a 1.2 s delay, an empty list); then both files are
// parsed and tallied, and every row's consumer count must agree. Debian's Chromium, as the other
// browser tests (test/browser/browser.ts): skipped without it on a developer's machine, failing in CI.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import type { Observation } from "../../src/coverage/observation.js";
import { parseObservations } from "../../src/coverage/read-observations.js";
import { tallyCoverage, type CoverageReport } from "../../src/coverage/tally.js";
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS, RUN_BROWSER_TESTS } from "../browser/browser.js";

/** An app of the default dataset with evaluations and human evaluations. */
const APP = "65e48be31b48af5e4a2d9bf1";

interface Sent {
  path: string;
  headers?: Record<string, string>;
  status: number;
}

/** What the page sends, in order, relative to the mock's origin (`{id}`: the first listed human evaluation). */
const REQUESTS: Array<{ path: string; headers?: Record<string, string> }> = [
  { path: `/evaluations?app_id=${APP}` },
  { path: `/human-evaluations?app_id=${APP}` },
  { path: "/evaluations" },
  { path: `/human-evaluations/?app_id=${APP}` },
  { path: "/human-evaluations/{id}" },
  { path: "/human-evaluations/000000000000000000000000" },
  { path: "/human-evaluations/not-an-id" },
  { path: `/evaluations?app_id=${APP}`, headers: { Prefer: "code=500" } },
  { path: `/human-evaluations?app_id=${APP}`, headers: { Prefer: "delay=1200" } },
  { path: `/evaluations?app_id=${APP}&__empty=1` },
];

/** What the tally compares: one row per line, `operationId id count`. */
const counts = (report: CoverageReport): Array<[string, string, number]> =>
  report.rows.map((row) => [row.operationId, row.id, row.consumer?.count ?? 0]);
const count = (report: CoverageReport, operationId: string, id: string): number =>
  report.rows.find((row) => row.operationId === operationId && row.id === id)?.consumer?.count ?? -1;
/** An observation without what only the mock knows (the scenario it applied), for comparing the two sources. */
const seen = (o: Observation): string => JSON.stringify([o.operationId, o.request, o.status, o.surface, o.cases]);

describe.runIf(RUN_BROWSER_TESTS)("a Chromium page's HAR through the mock", () => {
  let dir: string;
  let mock: RunningMockServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let sent: Sent[] = [];
  let fromHar: ReturnType<typeof parseObservations>;
  let fromMock: ReturnType<typeof parseObservations>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "evals-contract-har-"));
    const harFile = join(dir, "session.har");
    const recordFile = join(dir, "mock.ndjson");
    mock = await startMockServer({ port: 0, recordFile });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    context = await browser.newContext({ recordHar: { path: harFile, content: "embed" } });
    const page = await context.newPage();
    // A path the service does not have (a plain JSON 404, no CSP): the page's origin is the mock's,
    // and the navigation is in the HAR but no observation of either source.
    await page.goto(`${mock.url}/not-a-service-path`);
    sent = await page.evaluate(async (requests) => {
      const answers: Array<{ path: string; headers?: Record<string, string>; status: number }> = [];
      let id = "";
      for (const request of requests) {
        const path = request.path.replace("{id}", id);
        const response = await fetch(path, { headers: request.headers ?? {} });
        const text = await response.text();
        if (id === "" && path.startsWith("/human-evaluations?")) id = (JSON.parse(text) as Array<{ id: string }>)[0]!.id;
        answers.push({ ...request, path, status: response.status });
      }
      return answers;
    }, REQUESTS);
    await context.close(); // writes the HAR
    context = undefined;
    await mock.close(); // completes the record
    mock = undefined;
    fromHar = parseObservations(readFileSync(harFile, "utf8"), harFile);
    fromMock = parseObservations(readFileSync(recordFile, "utf8"), recordFile);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await mock?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("sent the requests and got the answers the mock gives them", () => {
    expect(sent.map((s) => s.status)).toEqual([200, 200, 422, 200, 200, 404, 404, 500, 200, 200]);
    expect(sent[4]!.path).toMatch(/^\/human-evaluations\/[0-9a-f]{24}$/);
  });

  it("both files are recognised, one observation per request to the service", () => {
    expect(fromHar.input).toMatchObject({ side: "consumer", source: "har", observations: REQUESTS.length });
    expect(fromMock.input).toMatchObject({ side: "consumer", source: "mock", observations: REQUESTS.length });
  });

  it("the HAR and the mock's record show the same requests, statuses, surface and cases", () => {
    expect(fromHar.observations.map(seen).sort()).toEqual(fromMock.observations.map(seen).sort());
    expect(fromMock.observations.find((o) => o.status === 500)?.scenario).toBe("code=500");
  });

  it("the HAR's coverage counts equal the mock record's, row by row", () => {
    const har = tallyCoverage(fromHar.observations, [fromHar.input]);
    const recorded = tallyCoverage(fromMock.observations, [fromMock.input]);
    expect(counts(har)).toEqual(counts(recorded));
    // Bodies were read from the HAR (embedded content), not only statuses.
    expect(
      har.rows.filter((row) => row.kind === "case" && row.id !== "delayed" && row.id !== "empty-list" && row.consumer!.count > 0).length,
    ).toBeGreaterThan(0);
  });

  it.each([
    ["listEvaluations", "status-200", 2],
    ["listEvaluations", "status-422", 1],
    ["listEvaluations", "status-5xx", 1],
    ["listEvaluations", "with-app-id", 3],
    ["listEvaluations", "without-app-id", 1],
    ["listEvaluations", "trailing-slash", 0],
    ["listEvaluations", "empty-list", 1],
    ["listEvaluations", "delayed", 0],
    ["listHumanEvaluations", "status-200", 3],
    ["listHumanEvaluations", "trailing-slash", 1],
    ["listHumanEvaluations", "delayed", 1],
    ["listHumanEvaluations", "empty-list", 0],
    ["getHumanEvaluation", "status-200", 1],
    ["getHumanEvaluation", "status-404", 2],
    ["getHumanEvaluation", "malformed-id", 1],
    ["getHumanEvaluation", "status-5xx", 0],
  ] as const)("%s %s: %i in both", (operationId, id, want) => {
    expect(count(tallyCoverage(fromHar.observations, [fromHar.input]), operationId, id)).toBe(want);
    expect(count(tallyCoverage(fromMock.observations, [fromMock.input]), operationId, id)).toBe(want);
  });
});

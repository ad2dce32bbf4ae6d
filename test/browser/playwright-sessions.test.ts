// examples/playwright-sessions run as a user runs it: the toolkit built and packed, the example in a
// project under os.tmpdir() with the toolkit's `evals-contract` binary (test/browser/msw-project.ts),
// then `npx playwright test` in headless Chromium. Its config starts `evals-contract mock` and the
// page's Vite server (on free ports, MOCK_PORT and PAGE_PORT); its tests run in two workers at once,
// each in a mock session of its own, and pass. The JSON report shows the two workers' tests overlap in
// time, so their sessions were on the same mock together. The example type-checks against the
// packed package's types.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, RUN_BROWSER_TESTS } from "./browser.js";
import { createProject, linkToolkitBin, packToolkit, ROOT, run, type Run } from "./msw-project.js";

/** What the example's spec holds. */
const TESTS = 6;

/** A port nothing listens on now (the OS's pick for port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The parts of Playwright's JSON report read here. */
interface JsonReport {
  config: { metadata: { actualWorkers?: number } };
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: JsonSuite[];
}
interface JsonSuite {
  suites?: JsonSuite[];
  specs: Array<{
    title: string;
    tests: Array<{ results: Array<{ workerIndex: number; startTime: string; duration: number; status: string }> }>;
  }>;
}

const resultsOf = (suite: JsonSuite): Array<{ title: string; worker: number; start: number; end: number }> => [
  ...suite.specs.flatMap((spec) =>
    spec.tests.flatMap((test) =>
      test.results.map((result) => {
        const start = Date.parse(result.startTime);
        return { title: spec.title, worker: result.workerIndex, start, end: start + result.duration };
      }),
    ),
  ),
  ...(suite.suites ?? []).flatMap(resultsOf),
];

describe.runIf(RUN_BROWSER_TESTS)("examples/playwright-sessions: two Playwright workers, one mock, a session per test", () => {
  let work = "";
  let project = "";
  let result: Run;
  let typecheck: Promise<Run>;
  let seconds = "";

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "evals-contract-playwright-sessions-"));
    project = await createProject(join(work, "playwright-sessions"), await packToolkit(work), "playwright-sessions");
    await linkToolkitBin(project);
    typecheck = run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], project);
    const started = performance.now();
    result = await run("npx", ["--no", "playwright", "test", "--reporter=line,json"], project, {
      CHROMIUM_PATH: CHROMIUM,
      MOCK_PORT: String(await freePort()),
      PAGE_PORT: String(await freePort()),
      PLAYWRIGHT_JSON_OUTPUT_FILE: join(project, "report.json"),
    });
    seconds = ((performance.now() - started) / 1000).toFixed(1);
  }, 150_000);

  afterAll(async () => {
    if (work !== "") await rm(work, { recursive: true, force: true });
  });

  it(`passes its ${TESTS} tests in 2 workers`, () => {
    console.info(`playwright-sessions: npx playwright test took ${seconds} s`);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`Running ${TESTS} tests using 2 workers`);
    expect(result.stdout).toMatch(new RegExp(`\\b${TESTS} passed\\b`));
  });

  it("ran tests of the two workers at the same time (Playwright's JSON report)", async () => {
    const report = JSON.parse(await readFile(join(project, "report.json"), "utf8")) as JsonReport;
    expect(report.stats).toMatchObject({ expected: TESTS, unexpected: 0, flaky: 0, skipped: 0 });
    expect(report.config.metadata.actualWorkers).toBe(2);
    const results = report.suites.flatMap(resultsOf);
    expect(results).toHaveLength(TESTS);
    expect(new Set(results.map((test) => test.worker)).size).toBe(2);
    const overlapping = results.flatMap((a) =>
      results.filter((b) => a.worker < b.worker && a.start < b.end && b.start < a.end).map((b) => `${a.title} | ${b.title}`),
    );
    expect(overlapping.length, JSON.stringify(results)).toBeGreaterThan(0);
  });

  it("type-checks against the packed package's types", async () => {
    const checked = await typecheck;
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
  });
});

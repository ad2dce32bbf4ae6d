// evals-contract/msw in a real browser, as a frontend uses it: the toolkit built and packed, in a
// project under os.tmpdir() (test/browser/msw-project.ts); the page of examples/browser built with
// Vite's JS API and served on 127.0.0.1; its service worker (mockServiceWorker.js, from `npx msw init
// public --save`) registered in headless Chromium. For a table of requests, the worker's answers
// (status, every header the page can read, the body bytes) equal what `evals-contract mock` answers
// (startMockServer, the same embedded default dataset); none of them reaches the static server.
// Then examples/playwright runs against that page, and both examples are type-checked against the
// packed package's types. Prints the gzipped size of the page's bundle (docs/performance.md).
// examples/storybook has its own test (storybook.test.ts).
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "puppeteer-core";
import { build, createLogger, type Logger } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type RunningMockServer } from "../../src/mock/index.js";
import type { Dataset } from "../../src/types/dataset.js";
import { CHROMIUM, launchBrowser, openPage, problemLogged, RUN_BROWSER_TESTS, type RunningBrowser } from "./browser.js";
import { createProject, mswInit, packToolkit, ROOT, run, serveStatic, type StaticServer } from "./msw-project.js";

const dataset = JSON.parse(await readFile(join(ROOT, "fixtures/default.json"), "utf8")) as Dataset;
const APP = dataset.evaluations[0]!.app_id;
const OTHER_APP = dataset.human_evaluations.find((record) => record.app_id !== APP)!.app_id;
const HUMAN_ID = dataset.human_evaluations[0]!.id;
const UNKNOWN_APP = "0123456789abcdef01234567";
const UNKNOWN_ID = "0123456789abcdef0123abcd";

/** What the transport adds on the mock's side and a page never gets from a service worker's answer. */
const TRANSPORT_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

interface Answer {
  status: number;
  headers: Array<[string, string]>;
  /** The body's bytes, one char per byte. */
  body: string;
}

type PageRequest = {
  path: string;
  init?: { method?: string; headers?: Record<string, string>; credentials?: "include" | "omit" | "same-origin" };
  crossOrigin?: boolean;
};

// The requests a page can make (no preflights: the browser sends those itself, and a worker's answer
// needs none). Same-origin unless crossOrigin: then the page asks http://localhost:<port>. The mock
// is asked with the headers the page's fetch set: a service worker never sees the Origin header
// the browser adds on the wire, so the handlers answer as the mock does to a request without one.
const REQUESTS: Array<[string, PageRequest]> = [
  ["evaluations list", { path: `/evaluations?app_id=${APP}` }],
  ["evaluations list, trailing slash", { path: `/evaluations/?app_id=${OTHER_APP}` }],
  ["human evaluations list", { path: `/human-evaluations?app_id=${APP}` }],
  ["human evaluation by id", { path: `/human-evaluations/${HUMAN_ID}` }],
  ["human evaluation by id, trailing slash", { path: `/human-evaluations/${HUMAN_ID}/` }],
  ["unknown app", { path: `/evaluations?app_id=${UNKNOWN_APP}` }],
  ["malformed app id", { path: `/evaluations?app_id=nope` }],
  ["unknown human evaluation (404)", { path: `/human-evaluations/${UNKNOWN_ID}` }],
  ["missing app_id (422)", { path: `/evaluations` }],
  ["missing app_id, trailing slash (422)", { path: `/human-evaluations/` }],
  ["POST (405)", { path: `/evaluations?app_id=${APP}`, init: { method: "POST" } }],
  ["DELETE by id (405)", { path: `/human-evaluations/${HUMAN_ID}`, init: { method: "DELETE" } }],
  ["cross-origin (the worker sees no Origin)", { path: `/evaluations?app_id=${APP}`, crossOrigin: true }],
  ["cross-origin 404 by id", { path: `/human-evaluations/${UNKNOWN_ID}`, crossOrigin: true }],
  [
    "cross-origin with credentials: no CORS check on a worker's answer",
    { path: `/evaluations?app_id=${APP}`, crossOrigin: true, init: { credentials: "include" } },
  ],
  ["Prefer: code=500", { path: `/evaluations?app_id=${APP}`, init: { headers: { Prefer: "code=500" } } }],
  ["Prefer: code=404 by id", { path: `/human-evaluations/${HUMAN_ID}`, init: { headers: { Prefer: "code=404" } } }],
  ["Prefer: example=empty", { path: `/human-evaluations?app_id=${APP}`, init: { headers: { Prefer: "example=empty" } } }],
  ["Prefer: code=503, delay=10", { path: `/evaluations?app_id=${APP}`, init: { headers: { Prefer: "code=503, delay=10" } } }],
  ["__code query scenario", { path: `/evaluations?app_id=${APP}&__code=502` }],
  ["a bad scenario value (400)", { path: `/evaluations?app_id=${APP}`, init: { headers: { Prefer: "code=abc" } } }],
];

// Runs in the page (a string, so the test's transform never reaches the browser): one fetch, its
// status, headers, body bytes as a latin1 string and how long it took.
const PAGE_FETCH = `async ([url, init]) => {
  const started = performance.now();
  const response = await fetch(url, init);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let body = "";
  for (let i = 0; i < bytes.length; i += 8192) body += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return { status: response.status, headers: [...response.headers], body, ms: performance.now() - started };
}`;

async function pageFetch(page: Page, url: string, init: PageRequest["init"] = {}): Promise<Answer & { ms: number }> {
  return (await page.evaluate(`(${PAGE_FETCH})(${JSON.stringify([url, init])})`)) as Answer & { ms: number };
}

async function nodeFetch(url: string, init: PageRequest["init"] = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name));
  return { status: response.status, headers, body: bytes.toString("latin1") };
}

/** Headers sorted; the body as its length, SHA-256 and first 200 bytes (a failure shows where, not 90 KB). */
const comparable = ({ status, headers, body }: Answer) => ({
  status,
  headers: [...headers].sort(([a], [b]) => a.localeCompare(b)),
  body: { bytes: body.length, sha256: createHash("sha256").update(body, "latin1").digest("hex"), start: body.slice(0, 200) },
});
const isApiPath = (path: string): boolean => /^\/(api\/)?(evaluations|human-evaluations)/.test(path);
const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

interface Chunk {
  type: "chunk";
  fileName: string;
  code: string;
  isEntry: boolean;
  moduleIds: string[];
}

/** Builds the page under `root` with Vite's JS API; fails on any warning (a Node built-in externalized, say). */
async function buildPage(root: string): Promise<Chunk[]> {
  const warnings: string[] = [];
  const quiet = createLogger("silent");
  const customLogger: Logger = {
    ...quiet,
    warn: (message) => void warnings.push(message),
    warnOnce: (message) => void warnings.push(message),
    error: (message) => void warnings.push(message),
  };
  const result = await build({
    root,
    configFile: false,
    customLogger,
    logLevel: "warn",
    build: { outDir: join(root, "dist"), emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  expect(warnings).toEqual([]);
  const outputs = (Array.isArray(result) ? result : [result]) as unknown as Array<{ output: Array<Chunk | { type: "asset" }> }>;
  return outputs.flatMap(({ output }) => output.filter((item): item is Chunk => item.type === "chunk"));
}

describe.runIf(RUN_BROWSER_TESTS)("evals-contract/msw in Chromium: the packed package, Vite-built pages, a real service worker", () => {
  let work: string;
  let tarball: string;
  let mock: RunningMockServer;
  let chromium: RunningBrowser;
  let site: StaticServer;
  let page: Page;
  let problems: string[];
  const projects: Record<"browser" | "playwright", string> = { browser: "", playwright: "" };
  let typechecks: Promise<Array<{ code: number; stdout: string }>>;
  const timings: string[] = [];
  const timed = async <T>(label: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const value = await step();
    timings.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return value;
  };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "evals-contract-msw-"));
    [tarball, mock, chromium] = await Promise.all([
      timed("build + pack", () => packToolkit(work)),
      startMockServer({ port: 0 }),
      launchBrowser(),
    ]);
    for (const name of ["browser", "playwright"] as const) projects[name] = await createProject(join(work, name), tarball, name);
    // The examples' type-check runs beside the browser tests (awaited by its own test below).
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    typechecks = Promise.all(Object.values(projects).map((project) => run(process.execPath, [tsc, "-p", "tsconfig.json"], project)));
    await mswInit(projects.browser);
    const chunks = await timed("vite build", () => buildPage(projects.browser));

    // The sizes docs/performance.md reports: the entry (msw, the handlers, the checker, the page) and
    // the default dataset's own chunk; msw/browser alone, for the toolkit's share.
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    const data = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith("/evals-contract/fixtures/default.json")));
    expect(data, "the default dataset is a chunk of its own").toBeDefined();
    expect(entry.moduleIds.some((id) => id.endsWith("default.json"))).toBe(false);
    const baseline = join(work, "msw-alone");
    await createProject(baseline, tarball, "browser");
    await writeFile(join(baseline, "src/main.ts"), `import { setupWorker } from "msw/browser";\nawait setupWorker().start();\n`);
    const mswAlone = (await buildPage(baseline)).find((chunk) => chunk.isEntry)!;
    const gz = (chunk: Chunk) => gzipSync(chunk.code).length;
    console.info(
      `browser bundle (gzip): entry ${kB(gz(entry))} (minified ${kB(entry.code.length)}), of which msw/browser alone ${kB(gz(mswAlone))}; ` +
        `default dataset chunk ${kB(gz(data!))} (minified ${kB(data!.code.length)})`,
    );

    site = await serveStatic(join(projects.browser, "dist"));
    ({ page, problems } = await openPage(chromium.browser));
  }, 240_000);

  afterAll(async () => {
    if (timings.length > 0) console.info(`msw browser test: ${timings.join(", ")}`);
    await chromium?.close();
    await site?.close();
    await mock?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  describe("the page of examples/browser", () => {
    it("lists an app's evaluations through the worker, checked and conforming", async () => {
      await page.goto(`${site.url}/?app_id=${APP}`);
      await page.waitForFunction(`document.body.dataset.ready === "true"`);
      expect(await page.evaluate("navigator.serviceWorker.controller?.scriptURL")).toBe(`${site.url}/mockServiceWorker.js`);
      const expected = (
        (await (await fetch(`${mock.url}/evaluations?app_id=${APP}`)).json()) as Array<{ id: string; status: { value: unknown } }>
      ).map((evaluation) => [evaluation.id, String(evaluation.status.value)]);
      expect(expected.length).toBeGreaterThan(0);
      expect(await page.$eval("#summary", (node) => node.textContent)).toBe(`${expected.length} evaluations, conforming`);
      expect(
        await page.$$eval("#evaluations tr", (rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))),
      ).toEqual(expected);
      expect(problems).toEqual([]);
    });

    /**
     * What the page logged since the last call. Chromium logs a console error for each answer of status
     * 400 or more (`Failed to load resource: ... status of 404`): waits for that line when one is due.
     */
    async function takeLogged(status: number): Promise<string[]> {
      if (status >= 400) await problemLogged(problems);
      return problems.splice(0);
    }
    const statusLine = (status: number) =>
      expect.stringMatching(new RegExp(`^console: Failed to load resource: the server responded with a status of ${status} `));

    it.each(REQUESTS)("%s: the worker answers as the mock does", async (_name, { path, init, crossOrigin }) => {
      const before = problems.splice(0);
      const url = crossOrigin ? `${site.url.replace("127.0.0.1", "localhost")}${path}` : `${site.url}${path}`;
      const { ms: _ms, ...answer } = await pageFetch(page, url, init);
      const logged = await takeLogged(answer.status);
      expect(comparable(answer)).toEqual(comparable(await nodeFetch(`${mock.url}${path}`, init)));
      expect(site.served.filter(isApiPath)).toEqual([]);
      // Only Chromium's line for an error status, nothing else, since the test before.
      expect([...before, ...logged]).toEqual(answer.status >= 400 ? [statusLine(answer.status)] : []);
    });

    it("leaves the page's own paths to the network: a path the service does not serve reaches the page's server", async () => {
      problems.splice(0);
      const answer = await pageFetch(page, `${site.url}/nothing-here`);
      expect(answer.status).toBe(404);
      expect(site.served).toContain("/nothing-here");
      expect(await takeLogged(404)).toEqual([statusLine(404)]);
    });

    it("answers `Prefer: delay=300` after 300 ms or more, with the mock's answer", async () => {
      const init = { headers: { Prefer: "delay=300" } };
      const { ms, ...answer } = await pageFetch(page, `${site.url}/human-evaluations?app_id=${APP}`, init);
      expect(ms).toBeGreaterThanOrEqual(300);
      expect(comparable(answer)).toEqual(comparable(await nodeFetch(`${mock.url}/human-evaluations?app_id=${APP}`, init)));
      expect(problems).toEqual([]);
    });
  });

  it("runs examples/playwright against the page: its tests pass", async () => {
    const result = await timed("playwright test", () =>
      run("npx", ["--no", "playwright", "test", "--reporter=line"], projects.playwright, { BASE_URL: site.url, CHROMIUM_PATH: CHROMIUM }),
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\b2 passed\b/);
    expect(site.served.filter(isApiPath)).toEqual([]);
  }, 120_000);

  it("the examples type-check against the packed package's types", async () => {
    const checked = await typechecks;
    for (const [i, project] of Object.values(projects).entries()) expect(checked[i]!.code, `${project}: ${checked[i]!.stdout}`).toBe(0);
  }, 120_000);
});

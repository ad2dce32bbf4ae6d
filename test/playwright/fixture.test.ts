// evals-contract/playwright's `mock` fixture, run by Playwright itself: the toolkit built and packed
// (test/browser/msw-project.ts), a Playwright project under os.tmpdir() whose specs import
// `evals-contract/playwright`, `npx playwright test` in Debian's Chromium with 2 workers and three
// projects: `own` (each worker starts its mock), `shared` (`mockURL`: one mock this test starts, and
// watches from the outside) and `docs` (every ```ts block of docs/playwright.md, as a spec). The
// specs and the snippets are also type-checked against the packed package's types.
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer } from "../../src/mock/index.js";
import type { RunningMockServer } from "../../src/mock/index.js";
import { CHROMIUM, CHROMIUM_FLAGS, RUN_BROWSER_TESTS } from "../browser/browser.js";
import { packToolkit, ROOT, run, type Run } from "../browser/msw-project.js";
import { tsBlocks, type Block } from "../msw/doc-snippets.js";
import { peerRangeFor } from "../../src/optional-peers.js";

const DOC = "docs/playwright.md";
const DEFAULT_DATA_APP = (
  JSON.parse(await readFile(join(ROOT, "fixtures/default.json"), "utf8")) as { evaluations: Array<{ app_id: string }> }
).evaluations[0]!.app_id;
const EXAMPLE_README = "examples/playwright-sessions/README.md";
const blocks = tsBlocks(DOC, await readFile(join(ROOT, DOC), "utf8"));
/**
 * Blocks labelled `// examples/<file> (excerpt)`, in the doc and the example's README: that file's
 * code, run by its own test (test/browser/playwright-sessions.test.ts).
 */
const EXCERPTS = [...blocks, ...tsBlocks(EXAMPLE_README, await readFile(join(ROOT, EXAMPLE_README), "utf8"))].filter((block) =>
  block.code.startsWith("// examples/"),
);
/** Every other block: a spec of the `docs` project. */
const RUN = blocks.filter((block) => !EXCERPTS.includes(block));
const specOf = (block: Block): string => `L${block.line}.spec.ts`;

const CONFIG = `
import { defineConfig } from "@playwright/test";
import type { MockWorkerOptions } from "evals-contract/playwright";

export default defineConfig<MockWorkerOptions>({
  fullyParallel: true,
  workers: 2,
  reporter: [["json", { outputFile: "report.json" }]],
  use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: ${JSON.stringify(CHROMIUM_FLAGS)} } },
  projects: [
    { name: "own", testDir: "own" },
    { name: "shared", testDir: "shared", use: { mockURL: process.env.SHARED_MOCK_URL } },
    { name: "misuse", testDir: "misuse" },
    { name: "docs", testDir: "docs" },
  ],
});
`;

/** Names each test's session in the report (its annotations), for the checks from the outside. */
const NOTE = `const note = (name: string): void => void test.info().annotations.push({ type: "mock-session", description: name });`;
/** The listening sockets of this worker process: its own mock's, when it started one. */
const LISTENING = `const listening = (): number => process.getActiveResourcesInfo().filter((kind) => kind === "TCPServerWrap").length;`;

const SPECS: Record<string, string> = {
  // One worker runs the file's tests in order: the second sees nothing of the first's session.
  "own/order.spec.ts": `
import { expect, test } from "evals-contract/playwright";
${NOTE}
${LISTENING}
test.describe.configure({ mode: "default" });
// An app of the mock's default data.
const list = (url: string) => url + "/evaluations?app_id=" + ${JSON.stringify(DEFAULT_DATA_APP)};

test("first: a 503 in its session, on the worker's own mock", async ({ mock, request }) => {
  note(mock.name);
  expect(listening()).toBe(1);
  expect(mock.url).toMatch(/^http:\\/\\/127\\.0\\.0\\.1:\\d+$/);
  await mock.use({ scenario: { code: 503 } });
  expect((await request.get(list(mock.url))).status()).toBe(503);
  expect((await mock.requests()).map((entry) => [entry.session, entry.status])).toEqual([[mock.name, 503]]);
});

test("second: the default answer, a session of its own, and no session left of the first", async ({ mock, request }) => {
  note(mock.name);
  const response = await request.get(list(mock.url));
  expect(response.status()).toBe(200);
  expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
  const sessions = (await (await request.get(mock.url + "/_mock/api/sessions")).json()) as { sessions: unknown[] };
  expect(sessions.sessions).toEqual([]);
  const listed = await mock.client.requests({ operation: "listEvaluations" });
  expect(listed.map((entry) => [entry.session, entry.status])).toEqual([[mock.name, 200]]);
});

test("third: reset() undoes use()", async ({ mock, request }) => {
  note(mock.name);
  await mock.use({ scenario: { code: 500 } });
  expect((await request.get(list(mock.url))).status()).toBe(500);
  await mock.reset();
  expect((await request.get(list(mock.url))).status()).toBe(200);
});
`,
  "own/cookie.spec.ts": `
import { expect, test } from "evals-contract/playwright";
import { DEFAULT_APP_ID } from "evals-contract/build";
${NOTE}

test("the cookie alone carries the session (the header taken off by a route)", async ({ mock, page }) => {
  note(mock.name);
  await mock.use({ scenario: { code: 418 } });
  await page.route(mock.url + "/**", (route) => {
    const { "x-mock-session": _dropped, ...headers } = route.request().headers();
    return route.continue({ headers });
  });
  const response = await page.goto(mock.url + "/evaluations?app_id=" + DEFAULT_APP_ID);
  expect(response?.status()).toBe(418);
  const [entry] = (await mock.requests()).filter((e) => e.path === "/evaluations");
  expect([entry?.session, entry?.headers["x-mock-session"], entry?.headers["cookie"]]).toEqual([mock.name, undefined, "[redacted]"]);
});

test("the header alone carries the session (the request fixture has no cookies)", async ({ mock, request }) => {
  note(mock.name);
  await mock.use({ scenario: { code: 418 } });
  expect((await request.get(mock.url + "/evaluations?app_id=" + DEFAULT_APP_ID)).status()).toBe(418);
  const [entry] = await mock.requests();
  expect([entry?.session, entry?.headers["x-mock-session"], entry?.headers["cookie"]]).toEqual([mock.name, mock.name, undefined]);
});
`,
  "own/options.spec.ts": `
import { expect, test } from "evals-contract/playwright";
import { buildDataset, buildEvaluation, DEFAULT_APP_ID } from "evals-contract/build";
const data = buildDataset({ evaluations: [buildEvaluation({}, { seed: 9 })] });
test.use({ mockOptions: { data, basePath: "/api" } });

test("mockOptions: the worker's mock serves its data under its base path", async ({ mock, request }) => {
  expect(mock.url).toMatch(/\\/api$/);
  const listed = (await (await request.get(mock.url + "/evaluations?app_id=" + DEFAULT_APP_ID)).json()) as Array<{ id: string }>;
  expect(listed.map((e) => e.id)).toEqual([data.evaluations[0]!.id]);
});
`,
  // Two files, so the two workers run them at once against the one shared mock.
  ...Object.fromEntries(
    (
      [
        ["a", "{ code: 503 }", 503, ""],
        ["b", "{ empty: true }", 200, "expect(await response.json()).toEqual([]);"],
      ] as const
    ).map(([file, scenario, status, body]) => [
      `shared/${file}.spec.ts`,
      `
import { expect, test } from "evals-contract/playwright";
import { DEFAULT_APP_ID } from "evals-contract/build";
${NOTE}
${LISTENING}

for (let i = 0; i < 3; i++)
  test("${file}" + i + ": sees only its own scenario on the shared mock, which the worker did not start", async ({ mock, request, page }) => {
    note(mock.name);
    expect(listening()).toBe(0);
    expect(mock.url).toBe(process.env.SHARED_MOCK_URL);
    await mock.use({ scenario: ${scenario} });
    const url = mock.url + "/evaluations?app_id=" + DEFAULT_APP_ID;
    const response = await request.get(url);
    expect(response.status()).toBe(${status});
    expect((await page.goto(url))?.status()).toBe(${status});
    ${body}
    const journal = await mock.requests({ operation: "listEvaluations" });
    expect(journal.map((entry) => [entry.session, entry.status])).toEqual([[mock.name, ${status}], [mock.name, ${status}]]);
  });
`,
    ]),
  ),
  "shared/failing.spec.ts": `
import { expect, test } from "evals-contract/playwright";
${NOTE}

test("fails after setting a scenario (expected to: its session is deleted all the same)", async ({ mock, request }) => {
  test.fail();
  note(mock.name);
  await mock.use({ scenario: { code: 500 } });
  expect((await request.get(mock.url + "/evaluations?app_id=x")).status()).toBe(500);
  expect("this test").toBe("failed on purpose");
});
`,
  "misuse/options.spec.ts": `
import { test } from "evals-contract/playwright";
test.use({ mockURL: process.env.SHARED_MOCK_URL, mockOptions: { delayMs: 5 } });
test("mockOptions beside mockURL", async ({ mock }) => {
  void mock;
});
`,
  "misuse/console.spec.ts": `
import { test } from "evals-contract/playwright";
test.use({ mockOptions: { console: false } });
test("mockOptions without the console", async ({ mock }) => {
  void mock;
});
`,
  ...Object.fromEntries(RUN.map((block) => [`docs/${specOf(block)}`, block.code])),
};

/** The parts of Playwright's JSON report read here. */
interface JsonSuite {
  suites?: JsonSuite[];
  specs: Array<{
    title: string;
    file: string;
    tests: Array<{
      projectName: string;
      expectedStatus: string;
      annotations: Array<{ type: string; description?: string }>;
      results: Array<{ status: string; workerIndex: number; errors: Array<{ message?: string }> }>;
    }>;
  }>;
}
interface TestResult {
  project: string;
  file: string;
  title: string;
  status: string;
  expectedStatus: string;
  worker: number;
  sessions: string[];
  errors: string;
}
const resultsOf = (suite: JsonSuite): TestResult[] => [
  ...suite.specs.flatMap((spec) =>
    spec.tests.flatMap((test) =>
      test.results.map((result) => ({
        project: test.projectName,
        file: spec.file,
        title: spec.title,
        status: result.status,
        expectedStatus: test.expectedStatus,
        worker: result.workerIndex,
        sessions: test.annotations.filter((a) => a.type === "mock-session").map((a) => a.description ?? ""),
        errors: result.errors.map((error) => error.message ?? "").join("\n"),
      })),
    ),
  ),
  ...(suite.suites ?? []).flatMap(resultsOf),
];

describe.runIf(RUN_BROWSER_TESTS)("evals-contract/playwright: the mock fixture in real Playwright runs", () => {
  let work = "";
  let project = "";
  let shared: RunningMockServer;
  let result: Run;
  let typecheck: Run;
  let withoutPeer: Run;
  let results: TestResult[] = [];
  const sharedLog: string[] = [];

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "evals-contract-playwright-fixture-"));
    const tarball = await packToolkit(work);
    project = join(work, "project");
    const modules = join(project, "node_modules");
    await mkdir(join(modules, "evals-contract"), { recursive: true });
    for (const name of await readdir(join(ROOT, "node_modules"))) {
      if (name === "evals-contract" || (name.startsWith(".") && name !== ".bin")) continue;
      await symlink(join(ROOT, "node_modules", name), join(modules, name));
    }
    const unpacked = await run("tar", ["-xzf", tarball, "-C", join(modules, "evals-contract"), "--strip-components=1"], project);
    if (unpacked.code !== 0) throw new Error(`tar failed: ${unpacked.stderr}`);
    // A project with the toolkit and its dependencies, without Playwright: the toolkit a copy of its
    // own (through a symlink, Node would resolve its imports from the other project, with Playwright).
    const bare = join(work, "bare");
    await mkdir(join(bare, "node_modules", "evals-contract"), { recursive: true });
    for (const name of await readdir(join(ROOT, "node_modules"))) {
      if (["evals-contract", "@playwright", "playwright", "playwright-core"].includes(name) || name.startsWith(".")) continue;
      await symlink(join(ROOT, "node_modules", name), join(bare, "node_modules", name));
    }
    await run("tar", ["-xzf", tarball, "-C", join(bare, "node_modules", "evals-contract"), "--strip-components=1"], bare);
    const script = `import("evals-contract/playwright").then(() => console.log("loaded"), (error) => console.log(error.code + ": " + error.message))`;
    withoutPeer = await run(process.execPath, ["--input-type=module", "-e", script], bare);
    await writeFile(join(project, "package.json"), JSON.stringify({ name: "fixture-test", private: true, type: "module" }));
    await writeFile(join(project, "playwright.config.ts"), CONFIG);
    const tsconfig = {
      compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, types: ["node"] },
      include: ["playwright.config.ts", "own", "shared", "misuse", "docs"],
    };
    await writeFile(join(project, "tsconfig.json"), JSON.stringify(tsconfig));
    for (const [file, code] of Object.entries(SPECS)) {
      await mkdir(join(project, file, ".."), { recursive: true });
      await writeFile(join(project, file), code);
    }
    typecheck = await run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], project);
    shared = await startMockServer({ port: 0, log: (line) => sharedLog.push(line) });
    const started = performance.now();
    result = await run("npx", ["--no", "playwright", "test"], project, { CHROMIUM_PATH: CHROMIUM, SHARED_MOCK_URL: shared.url });
    console.info(`playwright fixture: npx playwright test took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const report = JSON.parse(await readFile(join(project, "report.json"), "utf8")) as { suites: JsonSuite[] };
    results = report.suites.flatMap(resultsOf);
  }, 240_000);

  afterAll(async () => {
    await shared?.close();
    if (work !== "") await rm(work, { recursive: true, force: true });
  });

  const of = (project: string): TestResult[] => results.filter((test) => test.project === project);
  const failures = (tests: TestResult[]): string[] =>
    tests
      .filter((test) => test.status !== test.expectedStatus)
      .map((test) => `${test.file} › ${test.title}: ${test.status}\n${test.errors}`);

  it("without @playwright/test, importing the entry is E_MISSING_PEER with the install line", () => {
    expect(withoutPeer.stdout.trim(), withoutPeer.stderr).toBe(
      `E_MISSING_PEER: @playwright/test is not installed (evals-contract/playwright needs it); run: npm install --save-dev @playwright/test@${peerRangeFor("@playwright/test")}`,
    );
  });

  it("the specs and the doc's snippets type-check against the packed package's types", () => {
    expect(typecheck.stdout + typecheck.stderr).toBe("");
  });

  it("own: each worker starts a mock; a test's session is its own, and gone for the next test (reset() too)", () => {
    const own = of("own");
    expect(own.length, result.stdout + result.stderr).toBe(6);
    expect(failures(own)).toEqual([]);
  });

  it("each test had a session of its own, named after its worker and test id", () => {
    const sessions = results.flatMap((test) => test.sessions);
    expect(sessions.length).toBeGreaterThanOrEqual(11);
    expect(new Set(sessions).size).toBe(sessions.length);
    for (const name of sessions) expect(name).toMatch(/^w\d+-[0-9a-f]+-[0-9a-f]+$/);
  });

  it("shared: two workers at once on the mock at mockURL, each test seeing only its scenario; no worker started a mock", () => {
    const tests = of("shared");
    expect(tests).toHaveLength(7);
    expect(tests.filter((test) => test.status === "failed").map((test) => test.file)).toEqual(["shared/failing.spec.ts"]);
    expect(failures(tests)).toEqual([]);
    expect(new Set(tests.map((test) => test.worker)).size).toBe(2);
  });

  it("shared: after the run the mock has no session and no journal entry of any test's session, a failed test's included (checked from the outside)", async () => {
    const names = of("shared").flatMap((test) => test.sessions);
    expect(names).toHaveLength(7);
    // The tests' requests did reach this mock (its log), under their sessions.
    expect(sharedLog.filter((line) => line.startsWith("GET /evaluations?")).length).toBeGreaterThanOrEqual(13);
    const sessions = (await (await fetch(`${shared.url}/_mock/api/sessions`)).json()) as { sessions: unknown[] };
    expect(sessions.sessions).toEqual([]);
    for (const name of names) {
      const journal = (await (await fetch(`${shared.url}/_mock/api/requests?session=${name}`)).json()) as { requests: unknown[] };
      expect([name, journal.requests]).toEqual([name, []]);
    }
  });

  it.each([
    ["beside mockURL", "mockOptions beside mockURL", "mockOptions (delayMs) apply to the mock a worker starts, and mockURL is set"],
    ["console: false", "mockOptions without the console", "mockOptions.console: false leaves no /_mock/api/sessions"],
  ])("mockOptions %s is E_USAGE, not a fixture that silently does not do what it says", (_what, title, message) => {
    const tests = of("misuse").filter((test) => test.title === title);
    expect(tests.map((test) => test.status)).toEqual(["failed"]);
    expect(tests[0]?.errors).toContain(message);
  });

  it(`every snippet of ${DOC} runs as a spec and passes`, () => {
    expect(RUN.length).toBeGreaterThanOrEqual(5);
    const docs = of("docs");
    expect(docs.map((test) => test.file).sort()).toEqual(RUN.map((block) => `docs/${specOf(block)}`).sort());
    expect(failures(docs)).toEqual([]);
  });

  it.each(EXCERPTS.map((block) => [`${block.doc}:${block.line}`, block] as const))(
    "%s is a run of its example's lines",
    async (_where, block) => {
      const [label, ...code] = block.code.split("\n");
      const file = /^\/\/ (examples\/\S+) \(excerpt\)$/.exec(label!)?.[1];
      expect(file, label).toBeDefined();
      expect(await readFile(join(ROOT, file!), "utf8")).toContain(code.join("\n"));
    },
  );
});

// examples/storybook as a user has it: the toolkit built and packed, the example in a project under
// os.tmpdir() (test/browser/msw-project.ts), its worker from `npx msw init public --save`, built
// once with `storybook build` (the time is printed). Then every story of the build's index is opened
// in one headless Chromium page, one after another: its list is answered by the service worker (never
// the static server) with the data of the story's client case (recognised by the toolkit's own
// casesInBody), the page shows that data, and nothing is logged as an error (Chromium's line for the
// deliberate 502 aside). The same again switching stories inside one page, as Storybook's sidebar does
// (the worker started once, the addon's reset between stories). The example type-checks against the
// packed package's types.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HTTPResponse, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casesInBody } from "../../src/contract/client-cases.js";
import { GATEWAY_PAGE } from "../../src/mock/faults.js";
import type { Dataset } from "../../src/types/dataset.js";
import type { AggregatedResult, Evaluation, Result } from "../../src/types/schemas.js";
import { launchBrowser, openPage, problemLogged, RUN_BROWSER_TESTS, type RunningBrowser } from "./browser.js";
import { createProject, mswInit, packToolkit, ROOT, run, serveStatic, type Run, type StaticServer } from "./msw-project.js";

/** The stories the example has: each one's client case (src/contract/client-cases.ts) or the answer it stands for. */
const STORIES = {
  Failed: { case: "evaluation-status-failed", shows: "EVALUATION_FAILED: Evaluation Failed" },
  Running: { case: "evaluation-status-started", shows: "EVALUATION_STARTED" },
  EmptyList: { case: "empty-list", shows: "No evaluations yet." },
  DeletedEvaluatorConfig: { case: "evaluation-deleted-evaluator-config", shows: "(deleted evaluator)" },
  ErrorResult: { case: "evaluation-error-result", shows: "error: Failed" },
  Gateway502: { status: 502, shows: "Could not load the evaluations: the service answered 502." },
} as const;
type StoryName = keyof typeof STORIES;

/** Chromium's console line for an answer of status 400 or more (a worker's too). */
const statusLine = (status: number) => new RegExp(`^console: Failed to load resource: the server responded with a status of ${status} `);

/** What the example's result view shows for a Result and an evaluator config (its spec, from the record). */
const shown = (result: Result | null | undefined): string =>
  !result
    ? "-"
    : result.type === "error"
      ? `error: ${result.error?.message ?? "unknown"}`
      : result.value === null || result.value === undefined
        ? "-"
        : String(result.value);
const evaluatorName = (config: AggregatedResult["evaluator_config"]): string =>
  typeof config.name === "string" ? config.name : "(deleted evaluator)";

interface Rendered {
  id: string;
  status: string;
  results: string[][];
  costs: string;
  text: string;
}

/** What the page shows: the list's state and text, and each evaluation's result view. */
const readList = (page: Page) =>
  page.$eval(".evaluations", (list) => ({
    state: list.getAttribute("data-state"),
    text: list.textContent ?? "",
    evaluations: [...list.querySelectorAll("article.evaluation")].map((article): Rendered => ({
      id: article.getAttribute("data-id") ?? "",
      status: article.querySelector(".status")?.textContent ?? "",
      results: [...article.querySelectorAll(".results tr")].map((row) => [...row.children].map((cell) => cell.textContent ?? "")),
      costs: article.querySelector(".costs")?.textContent ?? "",
      text: article.textContent ?? "",
    })),
  }));

describe.runIf(RUN_BROWSER_TESTS)("examples/storybook: Storybook 10 + React, a story per client case, in Chromium", () => {
  let work = "";
  let project = "";
  let chromium: RunningBrowser | undefined;
  let site: StaticServer | undefined;
  let typecheck: Promise<Run>;
  let built: Run;
  /** The build's stories: id and export name (the sidebar shows "Empty List" for `EmptyList`). */
  let stories: Array<{ id: string; exportName: string }> = [];
  const defaultChunks: string[] = [];

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "evals-contract-storybook-"));
    let tarball: string;
    [tarball, chromium] = await Promise.all([packToolkit(work), launchBrowser()]);
    project = await createProject(join(work, "storybook"), tarball, "storybook");
    typecheck = run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], project);
    await mswInit(project);
    const started = performance.now();
    const build = ["--no", "storybook", "build", "--output-dir", "storybook-static", "--disable-telemetry", "--quiet"];
    built = await run("npx", build, project, { STORYBOOK_DISABLE_TELEMETRY: "1" });
    console.info(`storybook build: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (built.code !== 0) return;
    const index = JSON.parse(await readFile(join(project, "storybook-static/index.json"), "utf8")) as {
      entries: Record<string, { id: string; exportName: string; type: string }>;
    };
    stories = Object.values(index.entries).filter((entry) => entry.type === "story");
    // The chunk of the embedded default dataset (createMswHandlers without data imports it): the stories pass data.
    const defaultId = (JSON.parse(await readFile(join(ROOT, "fixtures/default.json"), "utf8")) as Dataset).evaluations[0]!.id;
    const assets = join(project, "storybook-static/assets");
    for (const name of await readdir(assets))
      if (name.endsWith(".js") && (await readFile(join(assets, name), "utf8")).includes(defaultId)) defaultChunks.push(`/assets/${name}`);
    site = await serveStatic(join(project, "storybook-static"));
  }, 300_000);

  afterAll(async () => {
    await chromium?.close();
    await site?.close();
    await typecheck?.catch(() => undefined);
    if (work !== "") await rm(work, { recursive: true, force: true });
  });

  it("builds with `storybook build`: one story per client case, named after it", () => {
    expect(built.code, built.stdout + built.stderr).toBe(0);
    expect(stories.map((story) => story.exportName).sort()).toEqual(Object.keys(STORIES).sort());
  });

  /**
   * Checks the story on show: its one request (the app's list) answered by the service worker with its
   * case's data, that data on the page, and nothing logged but Chromium's line for a deliberate 502.
   */
  async function expectStory(page: Page, problems: string[], story: { exportName: string }, answers: HTTPResponse[]): Promise<void> {
    const expected = STORIES[story.exportName as StoryName];
    const where = `story ${story.exportName}`;
    await page.waitForSelector(`.evaluations:not([data-state="loading"])`);
    const list = await readList(page);
    expect(
      answers.map((answer) => [new URL(answer.url()).pathname, answer.fromServiceWorker()]),
      where,
    ).toEqual([["/api/evaluations/", true]]);
    const answer = answers[0]!;
    const body = await answer.text();
    expect(list.text, where).toContain(expected.shows);

    if ("status" in expected) {
      expect([answer.status(), body, list.state], where).toEqual([expected.status, GATEWAY_PAGE, "error"]);
      // Chromium logs the 502 it was answered: wait for that line, then nothing else may be there.
      await problemLogged(problems);
      expect(problems.splice(0), where).toEqual([expect.stringMatching(statusLine(expected.status))]);
      return;
    }
    expect(answer.status(), where).toBe(200);
    const evaluations = JSON.parse(body) as Evaluation[];
    // The story's data is its case, as the toolkit's coverage recognises it.
    expect(casesInBody("listEvaluations", evaluations), where).toContain(expected.case);
    expect(list.state, where).toBe(evaluations.length === 0 ? "empty" : "loaded");
    // Every record served is shown, in order, as the result view shows it.
    expect(list.evaluations, where).toEqual(
      evaluations.map((evaluation) => ({
        id: evaluation.id,
        status: `${String(evaluation.status.value)}${evaluation.status.error ? `: ${evaluation.status.error.message}` : ""}`,
        results: evaluation.aggregated_results.map(({ evaluator_config, result }) => [evaluatorName(evaluator_config), shown(result)]),
        costs: `cost ${shown(evaluation.total_cost)}, latency ${shown(evaluation.average_latency)}`,
        text: expect.stringContaining(evaluation.id),
      })),
    );
    expect(problems.splice(0), where).toEqual([]);
  }

  /** A page that keeps the answers to the service's requests (under /api/). */
  async function storyPage(): Promise<{ page: Page; problems: string[]; answers: HTTPResponse[] }> {
    const { page, problems } = await openPage(chromium!.browser);
    const answers: HTTPResponse[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/api/")) answers.push(response);
    });
    return { page, problems, answers };
  }

  it("opens every story (iframe.html?id=...): each shows its case's data, answered by the worker, with no error logged", async () => {
    expect(stories.length).toBeGreaterThan(0);
    const { page, problems, answers } = await storyPage();
    for (const story of stories) {
      answers.splice(0);
      await page.goto(`${site!.url}/iframe.html?id=${story.id}&viewMode=story`);
      await expectStory(page, problems, story, answers);
    }
    expect(site!.served.filter((path) => path.startsWith("/api/"))).toEqual([]);
    // Built (the handlers can import it), never fetched: the stories' own data is all they need.
    expect(defaultChunks).toHaveLength(1);
    expect(site!.served.filter((path) => defaultChunks.includes(path))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("switches from story to story in one page, as Storybook's sidebar does: each still shows its own case", async () => {
    expect(stories.length).toBeGreaterThan(0);
    const { page, problems, answers } = await storyPage();
    // Backwards, so each story follows another than in the test before.
    const [first, ...rest] = [...stories].reverse();
    await page.goto(`${site!.url}/iframe.html?id=${first!.id}&viewMode=story`);
    await expectStory(page, problems, first!, answers);
    for (const story of rest) {
      answers.splice(0);
      // The manager's message to the preview when a story is picked; its list request is the sign it rendered.
      const requested = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/"));
      await page.evaluate(
        `window.__STORYBOOK_ADDONS_CHANNEL__.emit("setCurrentStory", { storyId: ${JSON.stringify(story.id)}, viewMode: "story" })`,
      );
      await requested;
      await expectStory(page, problems, story, answers);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("the example type-checks against the packed package's types", async () => {
    const checked = await typecheck;
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
  }, 120_000);
});

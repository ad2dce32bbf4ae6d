// Real headless Chromium for the browser tests and the docs' screenshots (`npm run
// docs:screenshots` runs the same tests with SCREENSHOTS=1). Debian's chromium, driven by
// puppeteer-core (which never downloads a browser); scripts/ensure-test-deps.sh installs it. Without
// the browser the tests are skipped on a developer's machine and fail in CI (CI=1), never silently pass.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Run the browser tests: the browser is there, or CI demands them (then a missing one fails them). */
export const RUN_BROWSER_TESTS = existsSync(CHROMIUM) || Boolean(process.env.CI);
if (!RUN_BROWSER_TESTS) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (npm test installs it; CI fails without it)`);

/** Write docs/images/*.png while testing. */
export const SCREENSHOTS = process.env.SCREENSHOTS === "1";
export const screenshotPath = (name: string): string => new URL(`../../docs/images/${name}.png`, import.meta.url).pathname;

// The flags that work on this machine's closed network (no background fetches, no QUIC, no GPU);
// Playwright-driven tests (test/coverage) launch with them too.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--hide-scrollbars",
  "--force-color-profile=srgb",
];

export interface RunningBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<RunningBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: run scripts/ensure-test-deps.sh (apt-get install chromium)`);
  const profile = mkdtempSync(join(tmpdir(), "evals-contract-chromium-"));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: CHROMIUM_FLAGS,
    defaultViewport: { width: 1280, height: 900 },
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const problemWaiters = new WeakMap<string[], (() => void)[]>();

/** Resolves once `problems` (of `openPage`) holds a line: now, or when the page logs one. */
export function problemLogged(problems: string[]): Promise<void> {
  if (problems.length > 0) return Promise.resolve();
  return new Promise((resolve) => problemWaiters.get(problems)?.push(resolve));
}

/** A new page that records console errors, uncaught exceptions, failed requests and dialogs (an alert is an injection that ran). */
export async function openPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  const waiters: (() => void)[] = [];
  problemWaiters.set(problems, waiters);
  const note = (line: string): void => {
    problems.push(line);
    for (const wake of waiters.splice(0)) wake();
  };
  page.on("console", (message) => {
    if (message.type() === "error") note(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => note(`page error: ${String(error)}`));
  page.on("requestfailed", (request) => {
    // An event stream cut by the test's own close is no fault of the page.
    if (!request.url().endsWith("/_mock/events")) note(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on("dialog", (dialog) => {
    note(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, problems };
}

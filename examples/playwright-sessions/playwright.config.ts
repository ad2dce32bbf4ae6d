// Two workers at once against ONE mock service, each test in a session of its own (the `mock` fixture
// of evals-contract/playwright): Playwright starts `evals-contract mock` and the page's Vite dev
// server, then runs the tests in parallel. `mockURL` tells the fixture to use that mock instead of
// starting one per worker. CHROMIUM_PATH runs a Chromium you already have; CI=1 never reuses running servers.
import { defineConfig } from "@playwright/test";
import type { MockWorkerOptions } from "evals-contract/playwright";
import { MOCK_URL, PAGE_URL } from "./service.js";

const port = (url: string): string => new URL(url).port;

export default defineConfig<MockWorkerOptions>({
  testDir: "tests",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: PAGE_URL,
    mockURL: MOCK_URL,
    launchOptions: process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {},
  },
  webServer: [
    {
      command: `npx evals-contract mock --port ${port(MOCK_URL)}`,
      // The console's state: answered once the mock listens.
      url: `${MOCK_URL}/_mock/api/state`,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${port(PAGE_URL)} --strictPort`,
      url: PAGE_URL,
      env: { VITE_SERVICE_URL: MOCK_URL },
      reuseExistingServer: !process.env.CI,
    },
  ],
});

// Playwright against the page of examples/browser, whose service worker answers the API: start your
// dev server (`npx vite`), then `npx playwright test`. CHROMIUM_PATH runs a Chromium you already have.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: ".",
  use: {
    baseURL: process.env.BASE_URL ?? "http://localhost:5173",
    launchOptions: process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {},
  },
});

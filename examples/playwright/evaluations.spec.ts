// The page lists an app's evaluations from the mock service worker: the embedded default dataset.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import type { Dataset } from "evals-contract";

const datasetFile = createRequire(import.meta.url).resolve("evals-contract/fixtures/default.json");
const dataset = JSON.parse(readFileSync(datasetFile, "utf8")) as Dataset;
const appId = dataset.evaluations[0].app_id;

test("lists the app's evaluations", async ({ page }) => {
  await page.goto(`/?app_id=${appId}`);
  const ids = dataset.evaluations.filter((evaluation) => evaluation.app_id === appId).map((evaluation) => evaluation.id);
  await expect(page.locator("#summary")).toHaveText(`${ids.length} evaluations, conforming`);
  await expect(page.locator("#evaluations tr td:first-child")).toHaveText(ids);
});

test("shows the service's 422 when app_id is missing", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("#summary")).toHaveText(/^422: \{"detail":\[\{"loc":\["query","app_id"\]/);
});

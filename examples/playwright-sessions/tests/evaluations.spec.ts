// The page's states, each test in its own mock session (tests/mock-session.ts) while the other worker
// runs its tests against the same mock: each sees only its own data and scenario, and the mock's
// journal of its session holds only the request its page made.
import { buildDataset, buildEvaluation, DEFAULT_APP_ID } from "evals-contract/build";
import { expect, test } from "./mock-session.js";

const LIST = `/evaluations?app_id=${DEFAULT_APP_ID}`;

test("lists exactly the evaluations of its session's data", async ({ page, mockSession }) => {
  const data = buildDataset({
    evaluations: [buildEvaluation({}, { seed: 1 }), buildEvaluation({}, { seed: 2, case: "evaluation-status-failed" })],
  });
  await mockSession.set({ data });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  await expect(page.locator("#summary")).toHaveText("2 evaluations");
  await expect(page.locator("#evaluations tr td:first-child")).toHaveText(data.evaluations.map((evaluation) => evaluation.id));
  await expect(page.locator("#evaluations tr td:nth-child(2)")).toHaveText(["EVALUATION_FINISHED", "EVALUATION_FAILED"]);
  const journal = await mockSession.requests();
  expect(journal.map((entry) => [entry.method, entry.url, entry.status, entry.scenario])).toEqual([["GET", LIST, 200, ""]]);
});

test("shows Loading…, then the error state when the service answers 500", async ({ page, mockSession }) => {
  // A delay long enough for a loaded machine to load the page and see "Loading…" before the answer
  // (1 s was not, on a 2-core CI box running two workers); the error then waits as long.
  await mockSession.set({ scenario: { code: 500, delay: 5000 } });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  await expect(page.locator("#summary")).toHaveText("Loading…");
  await expect(page.locator("#summary")).toHaveText("Could not load the evaluations: the service answered 500", { timeout: 20_000 });
  await expect(page.locator("body")).toHaveAttribute("data-state", "error");
  const [request, ...more] = await mockSession.requests();
  expect([request?.method, request?.url, request?.status, more]).toEqual(["GET", LIST, 500, []]);
  expect(request?.ms).toBeGreaterThanOrEqual(5000);
});

test("shows the error state when a gateway answers 502 with an HTML page", async ({ page, mockSession }) => {
  await mockSession.set({ scenario: { fault: "gateway" } });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  await expect(page.locator("#summary")).toHaveText("Could not load the evaluations: the service answered 502");
  const journal = await mockSession.requests();
  expect(journal.map((entry) => [entry.method, entry.url, entry.status, entry.fault])).toEqual([["GET", LIST, 502, "gateway"]]);
});

test("says so when the app has no evaluations", async ({ page, mockSession }) => {
  await mockSession.set({ scenario: { empty: true } });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  await expect(page.locator("#summary")).toHaveText("No evaluations yet");
  await expect(page.locator("#evaluations tr")).toHaveCount(0);
  const journal = await mockSession.requests();
  expect(journal.map((entry) => [entry.method, entry.url, entry.status, entry.scenario])).toEqual([["GET", LIST, 200, "example=empty"]]);
});

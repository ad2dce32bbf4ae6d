// The page's states, each test in its own mock session (the `mock` fixture) while the other worker
// runs its tests against the same mock: each sees only its own data and scenario, and the mock's
// journal of its session holds only the requests its page made.
import { buildDataset, buildEvaluation, DEFAULT_APP_ID } from "evals-contract/build";
import { expect, test } from "evals-contract/playwright";

const LIST = `/evaluations?app_id=${DEFAULT_APP_ID}`;

test("lists exactly the evaluations of its session's data", async ({ page, mock }) => {
  const data = buildDataset({
    evaluations: [buildEvaluation({}, { seed: 1 }), buildEvaluation({}, { seed: 2, case: "evaluation-status-failed" })],
  });
  await mock.use({ data });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  await expect(page.locator("#summary")).toHaveText("2 evaluations");
  await expect(page.locator("#evaluations tr td:first-child")).toHaveText(data.evaluations.map((evaluation) => evaluation.id));
  await expect(page.locator("#evaluations tr td:nth-child(2)")).toHaveText(["EVALUATION_FINISHED", "EVALUATION_FAILED"]);
  const journal = await mock.requests();
  expect(journal.map((entry) => [entry.method, entry.url, entry.status, entry.scenario])).toEqual([["GET", LIST, 200, ""]]);
});

test("shows Loading…, then the error state when the service answers 500", async ({ page, mock }) => {
  // A delay long enough for a loaded machine to load the page and see "Loading…" before the answer
  // (1 s was not, on a 2-core CI box running two workers); the error then waits as long.
  await mock.use({ scenario: { code: 500, delay: 5000 } });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  await expect(page.locator("#summary")).toHaveText("Loading…");
  await expect(page.locator("#summary")).toHaveText("Could not load the evaluations: the service answered 500", { timeout: 20_000 });
  await expect(page.locator("body")).toHaveAttribute("data-state", "error");
  const [request, ...more] = await mock.requests();
  expect([request?.method, request?.url, request?.status, more]).toEqual(["GET", LIST, 500, []]);
  expect(request?.ms).toBeGreaterThanOrEqual(5000);
});

test("shows the error state when a gateway answers 502 with an HTML page", async ({ page, mock }) => {
  await mock.use({ scenario: { fault: "gateway" } });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  await expect(page.locator("#summary")).toHaveText("Could not load the evaluations: the service answered 502");
  const journal = await mock.requests();
  expect(journal.map((entry) => [entry.method, entry.url, entry.status, entry.fault])).toEqual([["GET", LIST, 502, "gateway"]]);
});

test("says so when the app has no evaluations", async ({ page, mock }) => {
  await mock.use({ scenario: { empty: true } });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  await expect(page.locator("#summary")).toHaveText("No evaluations yet");
  await expect(page.locator("#evaluations tr")).toHaveCount(0);
  const journal = await mock.requests();
  expect(journal.map((entry) => [entry.method, entry.url, entry.status, entry.scenario])).toEqual([["GET", LIST, 200, "example=empty"]]);
});

test("lists the evaluations after two failures and two tries again (times: 2)", async ({ page, mock }) => {
  const data = buildDataset({ evaluations: [buildEvaluation({}, { seed: 3 }), buildEvaluation({}, { seed: 4 })] });
  await mock.use({ data, scenario: { operation: "listEvaluations", code: 500, times: 2 } });
  await page.goto(`/?app_id=${DEFAULT_APP_ID}`);
  const summary = page.locator("#summary");
  const failed = "Could not load the evaluations: the service answered 500";
  await expect(summary).toHaveText(failed);
  await page.locator("#retry").click();
  await expect.poll(async () => (await mock.requests()).length).toBe(2);
  await expect(summary).toHaveText(failed);
  await page.locator("#retry").click();
  await expect(summary).toHaveText("2 evaluations");
  await expect(page.locator("#retry")).toBeHidden();
  const journal = await mock.requests({ operation: "listEvaluations" });
  expect(journal.map((entry) => entry.status)).toEqual([500, 500, 200]);
});

test("the request fixture calls the mock in the test's session and gets its data", async ({ request, mock }) => {
  const data = buildDataset({ evaluations: [buildEvaluation({}, { seed: 7, case: "evaluation-status-started" })] });
  await mock.use({ data });
  // `request` sends the session's X-Mock-Session header, as the page does.
  const response = await request.get(`${mock.url}${LIST}`);
  expect(response.status()).toBe(200);
  const listed = (await response.json()) as Array<{ id: string; status: { value: string } }>;
  expect(listed.map((evaluation) => [evaluation.id, evaluation.status.value])).toEqual([[data.evaluations[0]!.id, "EVALUATION_STARTED"]]);
  const [entry, ...more] = await mock.requests();
  expect([entry?.session, entry?.headers["x-mock-session"], entry?.status, more]).toEqual([mock.name, mock.name, 200, []]);
});

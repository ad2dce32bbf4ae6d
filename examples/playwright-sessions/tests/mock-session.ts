// A session of the mock per test, so tests running at once in other workers never see this test's
// data or scenario, nor it theirs. The session is named after the test; the browser context sends
// `X-Mock-Session: NAME` with every request of its pages (README.md: why a header, not the cookie);
// `set()` PUTs the test's data and scenario to the mock's console, and the session is deleted when the
// test ends.
import { test as base, expect } from "@playwright/test";
import type { Dataset } from "evals-contract";
import type { JournalEntry, ScenarioSetting } from "evals-contract/mock";
import { MOCK_URL } from "../service.js";

export interface MockSession {
  readonly name: string;
  /** What this test's requests see: `data` instead of the mock's default dataset, and `scenario` (a status, a delay, a fault...). */
  set(state: { data?: Dataset; scenario?: ScenarioSetting }): Promise<void>;
  /** The mock's journal of the requests made in this session, oldest first. */
  requests(): Promise<JournalEntry[]>;
}

export const test = base.extend<{ mockSession: MockSession }>({
  mockSession: async ({ context, request }, use, testInfo) => {
    // Unique per test (a hash of its file and title); the worker's index shows in the mock's log.
    const name = `w${testInfo.workerIndex}-${testInfo.testId}`;
    const url = `${MOCK_URL}/_mock/api/sessions/${name}`;
    await context.setExtraHTTPHeaders({ "X-Mock-Session": name });
    await use({
      name,
      async set(state) {
        // From Playwright's request context: no Origin, which the console takes as no cross-site change.
        const response = await request.put(url, { data: state });
        expect(response.status(), await response.text()).toBe(200);
      },
      async requests() {
        const response = await request.get(`${MOCK_URL}/_mock/api/requests?session=${name}`);
        expect(response.status(), await response.text()).toBe(200);
        return ((await response.json()) as { requests: JournalEntry[] }).requests;
      },
    });
    // 404 when the test set nothing: then there is nothing to delete.
    const deleted = await request.delete(url);
    expect([200, 404]).toContain(deleted.status());
  },
});

export { expect };

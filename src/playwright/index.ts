// `evals-contract/playwright`: Playwright's `test` and `expect` with a `mock` fixture, the mock of the
// Evaluation Listing Service once per worker (or the one at `mockURL`) and a session of it per test
// (docs/playwright.md). Needs `@playwright/test` (an optional peer dependency): npm install --save-dev @playwright/test.
export { expect, test } from "./fixtures.js";
export type {
  MockFixture,
  MockTestFixtures,
  MockTestType,
  MockWorkerFixtures,
  MockWorkerOptions,
  MockWorkerServerOptions,
} from "./fixtures.js";
export { mockSessionName } from "./session-name.js";
export type { TestIdentity } from "./session-name.js";
export { SESSION_COOKIE, SESSION_HEADER } from "../mock-client/index.js";
export type { MockClient, MockSession } from "../mock-client/index.js";
export type { JournalEntry, JournalFilter } from "../mock/journal.js";
export type { ScenarioSetting, ScenarioSwitch } from "../mock/scenario-switch.js";
export type { SessionInfo } from "../mock/sessions.js";
export type { Dataset } from "../types/dataset.js";

// Playwright's `test` with the mock of the Evaluation Listing Service: a mock per worker (or the one
// at `mockURL`) and a session of it per test, so tests running at once on parallel workers never see
// each other's data, scenario or journal. The page's context and the `request` fixture carry the
// session: the `X-Mock-Session` header (through the `extraHTTPHeaders` option, which Playwright
// applies to both) and the `mock-session` cookie on the mock's origin (a page's fetch with
// `credentials: "include"` on the same site sends it). The session is deleted after the test, its
// journal entries with it.
import type {
  BrowserContext,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
  TestType,
} from "@playwright/test";
import { ToolkitError } from "../errors.js";
import { startMockServer, type MockServerOptions } from "../mock/index.js";
import { createMockClient, SESSION_COOKIE, SESSION_HEADER, type MockClient, type MockSession } from "../mock-client/index.js";
import { playwrightTest } from "./load-playwright.js";
import { mockSessionName } from "./session-name.js";

/** The options of the mock a worker starts (`startMockServer`'s, but its port: each worker's mock listens on a free one). */
export type MockWorkerServerOptions = Omit<MockServerOptions, "port">;

/** Worker-scoped options: `test.use({ ... })` at a file's top level, or the config's `use`. */
export interface MockWorkerOptions {
  /**
   * The mock every test of the worker uses, e.g. `http://127.0.0.1:4010` started by the config's
   * `webServer` (`npx evals-contract mock`); its base path included (`.../api`). Default: undefined,
   * each worker starts a mock of its own on a free port (`mockOptions`).
   */
  mockURL: string | undefined;
  /** What each worker's own mock serves (`{ data }`, `basePath`, `compat`...); only without `mockURL` (else E_USAGE). */
  mockOptions: MockWorkerServerOptions;
}

/** Worker-scoped fixtures. */
export interface MockWorkerFixtures {
  /** A client of the worker's mock (`evals-contract/mock-client`): every session's journal, `clearRequests()`. */
  mockClient: MockClient;
}

/** The `mock` fixture: this test's session of the worker's mock. */
export interface MockFixture {
  /** The mock's base URL, no trailing slash (its base path included). */
  readonly url: string;
  /** The session's name, what the page's context and `request` send. */
  readonly name: string;
  /** Sets this test's data and scenario; a later `use` for other operations stacks on it (mock-client's `session.use`). */
  use: MockSession["use"];
  /** Back to the mock's data and no scenario. */
  reset: MockSession["reset"];
  /** The journal of this test's session, oldest first (`operation`, `since` filter it). */
  requests: MockSession["requests"];
  /** A client of the whole mock (other sessions' journals, `clearRequests()`). */
  readonly client: MockClient;
}

/** Test-scoped fixtures. */
export interface MockTestFixtures {
  mock: MockFixture;
  /** The test's session of the mock (mock-client's `MockSession`), which `mock` wraps; deleted after the test. */
  mockSession: MockSession;
}

/** What `test` adds to Playwright's test arguments and options. */
export type MockTestType = TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & MockTestFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & MockWorkerOptions & MockWorkerFixtures
>;

/** The header, once: any spelling of it the project's own `extraHTTPHeaders` has is replaced by this test's. */
function withSessionHeader(headers: Record<string, string> | undefined, name: string): Record<string, string> {
  const others = Object.entries(headers ?? {}).filter(([key]) => key.toLowerCase() !== SESSION_HEADER.toLowerCase());
  return { ...Object.fromEntries(others), [SESSION_HEADER]: name };
}

async function startWorkerMock(
  mockURL: string | undefined,
  mockOptions: MockWorkerServerOptions,
  use: (client: MockClient) => Promise<void>,
) {
  if (mockURL !== undefined) {
    if (Object.keys(mockOptions).length > 0)
      throw new ToolkitError(
        "E_USAGE",
        `mockOptions (${Object.keys(mockOptions).join(", ")}) apply to the mock a worker starts, and mockURL is set: start that mock with them, or set a test's data with mock.use({ data })`,
      );
    await use(createMockClient(mockURL));
    return;
  }
  if (mockOptions.console === false)
    throw new ToolkitError("E_USAGE", "mockOptions.console: false leaves no /_mock/api/sessions, and each test's session needs it");
  const server = await startMockServer({ ...mockOptions, port: 0 });
  try {
    await use(createMockClient(server.url));
  } finally {
    await server.close();
  }
}

export const test: MockTestType = playwrightTest.test.extend<MockTestFixtures, MockWorkerOptions & MockWorkerFixtures>({
  mockURL: [undefined, { option: true, scope: "worker" }],
  mockOptions: [{}, { option: true, scope: "worker" }],
  mockClient: [({ mockURL, mockOptions }, use) => startWorkerMock(mockURL, mockOptions, use), { scope: "worker" }],

  // Playwright gives these headers to the test's browser context and to its `request` fixture alike.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use(withSessionHeader(extraHTTPHeaders, mockSessionName(testInfo)));
  },

  // The test's session: deleted once the test's browser context is closed. The context override below
  // names it first, so Playwright sets it up before the base context and tears it down after that
  // context closed: no late request of a page (a favicon) lands in the journal of a deleted session.
  mockSession: async ({ mockClient }, use, testInfo) => {
    const session = mockClient.session(mockSessionName(testInfo));
    await use(session);
    await session.delete();
  },

  context: async ({ mockSession, context, mockClient }, use) => {
    await setSessionCookie(context, mockClient.url, mockSession.name);
    await use(context);
  },

  mock: async ({ mockSession: session, mockClient }, use) => {
    await use({
      url: mockClient.url,
      name: session.name,
      use: (change) => session.use(change),
      reset: () => session.reset(),
      requests: (filter) => session.requests(filter),
      client: mockClient,
    });
  },
});

/** The `mock-session` cookie, for the mock's host and every path of it (Playwright derives both from `url`). */
async function setSessionCookie(context: BrowserContext, mockUrl: string, name: string): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: name, url: `${new URL(mockUrl).origin}/` }]);
}

export const expect = playwrightTest.expect;

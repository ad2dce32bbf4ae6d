// A typed client of the node mock's console API (`/_mock/api/...`), for a test that drives a mock it
// did not start in-process: Playwright, a second process, a browser page on the mock's origin. fetch
// only, no Node built-in. Every call checks its arguments here (a typo in a filter or a session field
// is E_USAGE at once, not a filter that matches nothing) and turns a refusal into a MockClientError.
import { ToolkitError } from "../errors.js";
import { checkJournalFilter, type JournalEntry, type JournalFilter } from "../mock/journal.js";
import type { ScenarioSetting } from "../mock/scenario-switch.js";
import { isSessionName, sessionNameFault } from "../mock/session-name.js";
import type { SessionInfo } from "../mock/sessions.js";
import type { Dataset } from "../types/dataset.js";
import { isPlainObject } from "../types/json.js";

/** What a session serves: `data` instead of the mock's dataset, `scenario` for the operations it names. */
export interface SessionChange {
  data?: Dataset;
  scenario?: ScenarioSetting;
}

/** A session's journal filter: the session is the session's own. */
export type SessionJournalFilter = Omit<JournalFilter, "session">;

export interface MockSession {
  readonly name: string;
  /**
   * Stacks `change` onto the session, as `handlers.use` does: its data if it has some, the scenario of
   * the operations its scenario names; the rest stays. Returns the session as the mock now holds it.
   */
  use(change: SessionChange): Promise<SessionInfo>;
  /** Back to the mock's data and no scenario (the session's journal entries stay). */
  reset(): Promise<void>;
  /** The requests made in this session, oldest first. */
  requests(filter?: SessionJournalFilter): Promise<JournalEntry[]>;
  /** Removes the session and its journal entries; no error when there was none. */
  delete(): Promise<void>;
}

export interface MockClient {
  /** The mock's base URL (its base path included), without a trailing slash. */
  readonly url: string;
  /** A session by name (1 to 64 letters, digits, '.', '_' or '-'): nothing is sent until it is used. */
  session(name: string): MockSession;
  /** The mock's journal, every session's requests, oldest first. */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** Forgets the whole journal; returns how many entries it held. */
  clearRequests(): Promise<number>;
}

export interface MockClientOptions {
  /** The fetch to send with (default: the global one). */
  fetch?: typeof fetch;
}

/** The mock refused a call (`status`, its `detail`), or could not be reached (`status` 0). */
export class MockClientError extends ToolkitError {
  constructor(
    readonly status: number,
    readonly detail: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super("E_MOCK_CLIENT", message, options);
  }
}

const SESSION_CHANGE_KEYS = ["data", "scenario"];

/** The base URL checked: http or https, no query or fragment, no trailing slash. */
function baseOf(baseUrl: string | URL): string {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new ToolkitError(
      "E_USAGE",
      `createMockClient: ${JSON.stringify(String(baseUrl).slice(0, 200))} is not a URL like http://127.0.0.1:3000`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ToolkitError("E_USAGE", `createMockClient: the mock's URL must be http or https, got ${url.protocol}`);
  if (url.search !== "" || url.hash !== "")
    throw new ToolkitError("E_USAGE", "createMockClient: give the mock's base URL without a query or fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** A journal filter as the console's query string. */
function journalQuery(filter: JournalFilter): string {
  const query = new URLSearchParams();
  if (filter.operation !== undefined) query.set("operation", filter.operation);
  if (filter.session !== undefined) query.set("session", filter.session);
  if (filter.since !== undefined) query.set("since", filter.since instanceof Date ? filter.since.toISOString() : String(filter.since));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

export function createMockClient(baseUrl: string | URL, options: MockClientOptions = {}): MockClient {
  const url = baseOf(baseUrl);
  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));

  /** One console call: its JSON answer, or a MockClientError naming the call. */
  async function call<T>(what: string, method: string, path: string, body?: unknown, allow404 = false): Promise<T | undefined> {
    const target = `${url}/_mock/api${path}`;
    let response: Response;
    try {
      response = await send(target, {
        method,
        headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new MockClientError(
        0,
        "unreachable",
        `${what}: the mock at ${url} cannot be reached (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
    const text = await response.text();
    if (response.status === 404 && allow404) return undefined;
    if (!response.ok) {
      let detail = text.slice(0, 500);
      try {
        const parsed = JSON.parse(text) as { detail?: unknown };
        if (typeof parsed.detail === "string") detail = parsed.detail;
      } catch {
        // not JSON (not the mock's console?): its first bytes
      }
      const hint = response.status === 404 && !text.includes("mock:") ? " (is this the evals-contract mock, and its base path?)" : "";
      throw new MockClientError(response.status, detail, `${what}: the mock answered ${response.status}: ${detail}${hint}`);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new MockClientError(
        response.status,
        text.slice(0, 200),
        `${what}: the mock's answer is not JSON (is ${url} the evals-contract mock?)`,
      );
    }
  }

  const requests = async (filter: JournalFilter | undefined, where: string): Promise<JournalEntry[]> => {
    const checked = checkJournalFilter(filter, where);
    const answer = await call<{ requests: JournalEntry[] }>(where, "GET", `/requests${journalQuery(checked)}`);
    return answer!.requests;
  };

  function session(name: string): MockSession {
    if (typeof name !== "string" || !isSessionName(name))
      throw new ToolkitError("E_USAGE", `mock.session: ${sessionNameFault("a session name", String(name))}`);
    const path = `/sessions/${encodeURIComponent(name)}`;
    return {
      name,
      async use(change) {
        if (!isPlainObject(change)) throw new ToolkitError("E_USAGE", "session.use takes an object like { scenario: { code: 500 } }");
        const unknown = Object.keys(change).find((key) => !SESSION_CHANGE_KEYS.includes(key));
        if (unknown !== undefined)
          throw new ToolkitError(
            "E_USAGE",
            `session.use: unknown option ${JSON.stringify(unknown.slice(0, 80))} (known: ${SESSION_CHANGE_KEYS.join(", ")})`,
          );
        return (await call<SessionInfo>(`session ${name}: use`, "PATCH", path, change))!;
      },
      async reset() {
        await call(`session ${name}: reset`, "PUT", path, {});
      },
      requests: async (filter) => {
        if (isPlainObject(filter) && "session" in filter)
          throw new ToolkitError(
            "E_USAGE",
            "session.requests: no session filter here (the session is this one); use mock.requests({ session })",
          );
        return requests({ ...(filter ?? {}), session: name }, `session ${name}: requests`);
      },
      async delete() {
        await call(`session ${name}: delete`, "DELETE", path, undefined, true);
      },
    };
  }

  return {
    url,
    session,
    requests: async (filter) => requests(filter, "mock.requests"),
    async clearRequests() {
      return (await call<{ cleared: number }>("mock.clearRequests", "DELETE", "/requests"))!.cleared;
    },
  };
}

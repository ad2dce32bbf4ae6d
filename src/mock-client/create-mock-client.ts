// A typed client of the node mock's console API (`/_mock/api/...`), for a test that drives a mock it
// did not start in-process: Playwright, a second process, a browser page on the mock's origin. fetch
// only, no Node built-in. Every call checks its arguments here (a typo in a filter or a session field
// is E_USAGE at once, not a filter that matches nothing) and turns a refusal into a MockClientError.
import { ToolkitError } from "../errors.js";
import { concatBytes } from "../io/concat-bytes.js";
import { redactSecrets } from "../io/redact.js";
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
  /** How long one call waits for the mock's whole answer (default 30,000 ms; a 32 MiB dataset is checked in a few seconds). */
  timeoutMs?: number;
  /** The longest answer one call reads (default 256 MiB: a journal of 10,000 entries with long URLs). */
  maxAnswerBytes?: number;
}

/** How long one call waits by default: a mock that never answers is an error, not a hung test. */
export const MOCK_CLIENT_TIMEOUT_MS = 30_000;
/** The longest answer one call reads by default. */
export const MOCK_CLIENT_MAX_ANSWER_BYTES = 256 * 1024 * 1024;

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
      `createMockClient: ${redactSecrets(JSON.stringify(String(baseUrl).slice(0, 200)))} is not a URL like http://127.0.0.1:3000`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ToolkitError("E_USAGE", `createMockClient: the mock's URL must be http or https, got ${url.protocol}`);
  if (url.search !== "" || url.hash !== "")
    throw new ToolkitError("E_USAGE", "createMockClient: give the mock's base URL without a query or fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** A whole number of milliseconds or bytes from 1, for `what`. */
function positive(value: unknown, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1)
    throw new ToolkitError("E_USAGE", `createMockClient: ${what}, got ${typeof value === "number" ? value : typeof value}`);
  return value;
}

/** A body's text, or undefined past `limit` bytes (the rest is not read). */
async function readText(response: Response, limit: number): Promise<string | undefined> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(concatBytes(chunks, size));
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
  const timeoutMs = positive(options.timeoutMs, MOCK_CLIENT_TIMEOUT_MS, "timeoutMs must be a whole number of milliseconds from 1");
  const maxAnswerBytes = positive(
    options.maxAnswerBytes,
    MOCK_CLIENT_MAX_ANSWER_BYTES,
    "maxAnswerBytes must be a whole number of bytes from 1",
  );

  /** One console call: its JSON answer, or a MockClientError naming the call. */
  async function call<T>(what: string, method: string, path: string, body?: unknown, allow404 = false): Promise<T | undefined> {
    const target = `${url}/_mock/api${path}`;
    let json: string | undefined;
    try {
      json = body === undefined ? undefined : JSON.stringify(body);
    } catch (error) {
      // A cycle or a BigInt: the caller's fault, found before anything is sent.
      throw new ToolkitError("E_USAGE", `${what}: the change is not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    // One deadline for the answer and its body: a mock that never answers (or dribbles) is an error, not a hung test.
    const signal = AbortSignal.timeout(timeoutMs);
    const late = (): MockClientError =>
      new MockClientError(0, "timeout", `${what}: the mock at ${url} did not answer within ${timeoutMs} ms`);
    let response: Response;
    let text: string | undefined;
    try {
      response = await send(target, {
        method,
        headers: json === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
        ...(json === undefined ? {} : { body: json }),
        // A redirect is no answer of the mock's console: its body (a whole dataset) goes nowhere else.
        redirect: "manual",
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw late();
      throw new MockClientError(
        0,
        "unreachable",
        `${what}: the mock at ${url} cannot be reached (${redactSecrets(error instanceof Error ? error.message : String(error))})`,
        { cause: error },
      );
    }
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
      const location = redactSecrets(response.headers.get("location") ?? "elsewhere");
      await response.body?.cancel().catch(() => undefined);
      throw new MockClientError(
        response.status,
        "redirect",
        `${what}: the mock answered a redirect (${response.status}) to ${location}: is ${url} the mock's URL?`,
      );
    }
    try {
      text = await readText(response, maxAnswerBytes);
    } catch (error) {
      if (signal.aborted) throw late();
      throw new MockClientError(
        0,
        "broken",
        `${what}: the mock at ${url} broke off its answer (${redactSecrets(error instanceof Error ? error.message : String(error))})`,
        {
          cause: error,
        },
      );
    }
    if (text === undefined)
      throw new MockClientError(
        response.status,
        "too large",
        `${what}: the mock's answer is over ${maxAnswerBytes} bytes (maxAnswerBytes)`,
      );
    if (!response.ok) {
      let detail = text.slice(0, 500);
      try {
        const parsed = JSON.parse(text) as { detail?: unknown };
        if (typeof parsed.detail === "string") detail = parsed.detail;
      } catch {
        // not JSON (not the mock's console?): its first bytes
      }
      // The mock's own "no such session" (not a 404 of a server that is no mock, or of the wrong base path).
      if (response.status === 404 && allow404 && detail.startsWith("mock: no session ")) return undefined;
      detail = redactSecrets(detail);
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

// The mock console at `{base path}/_mock/`: a page to watch and steer the mock (dataset, live request
// log, scenario switches, reload) and the JSON API behind it for scripts. The node adapter
// (handler.ts) hands it every URL under its prefix before the core sees the request; `_mock` is no
// path of the service, so the console never hides an API answer.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ToolkitError } from "../../errors.js";
import type { DataChangeEvent } from "../types.js";
import { describeCounts, type DatasetCounts } from "../dataset-index.js";
import { NO_PLAN, type ScenarioPlan } from "../scenarios.js";
import { OPERATION_IDS, type OperationId } from "../../contract/operations.js";
import { journalEntry, readSince, type Journal, type JournalFilter, type JournalRecord } from "../journal.js";
import { describeSession, isSessionName, sessionNameFault, type SessionPut, type Sessions } from "../sessions.js";
import type { MockCore } from "../core.js";
import { firstHeader } from "../cors.js";
import { isPlainObject } from "../../types/json.js";
import { createEventStream, type EventStreamLimits } from "./event-stream.js";
import { createHostCheck, crossSiteWithoutOrigin } from "./host-check.js";
import { CONSOLE_PAGE, CONSOLE_PAGE_CSP } from "./page.js";
import { describePlan, parseScenarioSetting } from "../scenario-switch.js";

export { CONSOLE_PATH } from "./api.js";
export type { DatasetInfo, JournalEntry, LoggedRequest, ScenarioSwitch } from "./api.js";
import { CONSOLE_PATH, type DatasetInfo } from "./api.js";

/** What a reload of the data file came to (the server's DataChangeEvent). */
export type ReloadOutcome = DataChangeEvent;

export interface MockConsoleOptions {
  /** Normalized (`/api` or ""). */
  basePath: string;
  /** What is served at start (the counts the page shows). */
  counts: DatasetCounts;
  source: string;
  /** Re-reads the data file (the reload button); absent when the data came from no file. */
  reload?: () => Promise<ReloadOutcome>;
  /** The clock for log and reload times; default Date.now. */
  now?: () => number;
  /** Live mode (`mock --live`): what moves and over what time; undefined when off. */
  live?: () => string | undefined;
  /** The address the mock listens on (`--host`): a Host the console answers, besides this machine's names and IPs. */
  host?: string | undefined;
  /** More Hosts the console answers (`--allowed-hosts`; `.example.com` includes its subdomains). */
  allowedHosts?: readonly string[] | undefined;
  /** The request journal the mock keeps (`GET api/requests` lists it). */
  journal: Journal;
  /** The sessions (`PUT`/`DELETE api/sessions/NAME`). */
  sessions: Sessions;
  /** Told of an error a console route threw (it was answered 500). */
  onError?: (error: unknown, request: IncomingMessage) => void;
  /** Event stream bounds (tests lower them). */
  events?: EventStreamLimits;
  /**
   * Checks a large session body off the request thread (the handler's dataset worker): its outcome,
   * the data's core built from the index. Absent (live mode): every body is checked here.
   */
  checkSession?: (body: Buffer, source: string) => Promise<CheckedSession>;
}

/** A session body checked off the request thread: its scenario as sent and its data's core, or why it is refused. */
export type CheckedSession = { ok: true; scenario: unknown; core: MockCore | undefined } | { ok: false; status: number; detail: string };

export interface MockConsole {
  /** `{base path}/_mock`: the node adapter routes every URL starting with it here. */
  readonly prefix: string;
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** The scenarios switched on (NO_PLAN when none), for the core. */
  scenario(): ScenarioPlan;
  /** Sends a request the journal took (its id and time) to the open pages. */
  recorded(id: number, atMs: number, record: JournalRecord): void;
  /** A data swap: accepted (the new data) or refused (why). */
  dataChanged(change: { ok: true; counts: DatasetCounts; source: string } | { ok: false; error: ToolkitError }): void;
  /** Ends the event streams. */
  dispose(): void;
}

const MAX_BODY_BYTES = 65_536;
/** A session's body may carry a whole dataset. */
export const MAX_SESSION_BODY_BYTES = 32 * 1024 * 1024;
/** Session bodies being read or checked at once, all clients together (two whole ones); one more is 503 until they are done. */
export const MAX_SESSION_BODIES_HELD = 2 * MAX_SESSION_BODY_BYTES;
/** A session body from this size on is checked off the request thread (checkSession); a smaller one here, in milliseconds. */
export const OFF_THREAD_SESSION_BYTES = 256 * 1024;

function datasetInfo(counts: DatasetCounts, source: string, loadedAt: string): DatasetInfo {
  const summary = describeCounts(counts);
  return {
    source,
    summary,
    evaluations: counts.evaluations,
    humanEvaluations: counts.humanEvaluations,
    apps: counts.apps,
    loadedAt,
    lastReload: null,
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { "Content-Type": "application/json", "Content-Length": bytes.length, "Cache-Control": "no-store", ...extra });
  response.end(bytes);
}

const fault = (detail: string): { detail: string } => ({ detail: `mock: ${detail}` });

/** A percent-decoded path segment, undefined when its escapes are broken. */
function unquote(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The JSON body of a POST, or why there is none: only `application/json`, which no HTML form and no
 * `no-cors` fetch can send (a cross-site page needs a preflight for it, which the console does not answer).
 */
function readJsonBody(
  request: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<{ value: unknown; bytes: number } | { status: number; detail: string }> {
  return readBody(request, limit).then((body) => ("bytes" in body ? parseJson(body.bytes) : body));
}

/** A body's bytes as JSON (empty: `{}`), or why not. */
function parseJson(bytes: Buffer): { value: unknown; bytes: number } | { status: number; detail: string } {
  const text = bytes.toString("utf8");
  try {
    return { value: text.trim() === "" ? {} : (JSON.parse(text) as unknown), bytes: bytes.length };
  } catch {
    return { status: 400, detail: "the body is not valid JSON" };
  }
}

/** Bytes held at once by the bodies of session PUTs being read or checked, across every client. */
export interface BodyBudget {
  held: number;
}

/**
 * The bytes of a JSON body (see readJsonBody), unparsed. With `budget`, the bytes read count against
 * it (the caller gives them back once done): past MAX_SESSION_BODIES_HELD the body is 503, not held.
 */
function readBody(
  request: IncomingMessage,
  limit: number,
  budget?: BodyBudget,
): Promise<{ bytes: Buffer } | { status: number; detail: string; retry?: boolean }> {
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return Promise.resolve({ status: 415, detail: "send the body as Content-Type: application/json" });
  return new Promise((resolve) => {
    let chunks: Buffer[] | undefined = [];
    let size = 0;
    let counted = 0;
    let busy = false;
    const release = (): void => {
      if (budget !== undefined) budget.held -= counted;
      counted = 0;
    };
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (chunks === undefined) return;
      if (size > limit || (budget !== undefined && budget.held + chunk.length > MAX_SESSION_BODIES_HELD)) {
        busy = size <= limit;
        chunks = undefined; // read on to the end (the answer must follow the body), nothing kept
        return release();
      }
      chunks.push(chunk);
      counted += chunk.length;
      if (budget !== undefined) budget.held += chunk.length;
    });
    request.on("end", () => {
      if (size > limit) return resolve({ status: 413, detail: `the body is over ${limit} bytes` });
      if (busy || chunks === undefined)
        return resolve({
          status: 503,
          detail: `other session bodies hold ${MAX_SESSION_BODIES_HELD} bytes being read or checked: retry once they are set`,
          retry: true,
        });
      resolve({ bytes: Buffer.concat(chunks) });
    });
    request.on("error", () => {
      release();
      resolve({ status: 400, detail: "the body could not be read" });
    });
    // A client gone mid-body gives its bytes back.
    request.on("close", () => {
      if (!request.complete) release();
    });
  });
}

export function createMockConsole(options: MockConsoleOptions): MockConsole {
  // Live mode shows with the dataset: the page tells its user that records move on their own.
  const withLive = (info: DatasetInfo): DatasetInfo => {
    const live = options.live?.();
    return live === undefined ? info : { ...info, live };
  };
  const prefix = `${options.basePath}${CONSOLE_PATH}`;
  const now = options.now ?? Date.now;
  const iso = (): string => new Date(now()).toISOString();
  const { journal, sessions } = options;
  const events = createEventStream(options.events);
  let dataset = datasetInfo(options.counts, options.source, iso());
  let scenario: ScenarioPlan = NO_PLAN;
  const bodyBudget: BodyBudget = { held: 0 };

  const state = (): unknown => ({ basePath: options.basePath, dataset: withLive(dataset), scenario: describePlan(scenario) });

  async function setScenario(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJsonBody(request);
    if (!("value" in body)) return sendJson(response, body.status, fault(body.detail));
    const next = parseScenarioSetting(body.value, "console scenario");
    if ("fault" in next) return sendJson(response, 400, fault(next.fault));
    scenario = next;
    const described = describePlan(next);
    events.publish("scenario", described);
    sendJson(response, 200, { scenario: described });
  }

  /** `api/requests`: the journal, by operation, session, and after an id or from an instant. */
  function listRequests(response: ServerResponse, query: URLSearchParams): void {
    const filter: JournalFilter = {};
    const after = query.get("after");
    if (after !== null && !/^\d{1,15}$/.test(after))
      return sendJson(response, 400, fault(`after must be a request id (a whole number, 0 or more), got ${JSON.stringify(after)}`));
    const since = query.get("since") ?? after;
    if (since !== null) {
      const read = readSince(since);
      if ("fault" in read) return sendJson(response, 400, fault(read.fault));
      filter.since = since;
    }
    const operation = query.get("operation");
    if (operation !== null) {
      if (!(OPERATION_IDS as readonly string[]).includes(operation))
        return sendJson(
          response,
          400,
          fault(`operation must be one of ${OPERATION_IDS.join(", ")}, got ${JSON.stringify(operation.slice(0, 80))}`),
        );
      filter.operation = operation as OperationId;
    }
    const session = query.get("session");
    if (session !== null) {
      if (!isSessionName(session)) return sendJson(response, 400, fault(sessionNameFault("session", session)));
      filter.session = session;
    }
    sendJson(response, 200, { requests: journal.list(filter) });
  }

  /** `DELETE api/requests`: forgets the journal, or one session's entries (`?session=NAME`). */
  function clearRequests(response: ServerResponse, query: URLSearchParams): void {
    const other = [...query.keys()].find((name) => name !== "session");
    if (other !== undefined)
      return sendJson(response, 400, fault(`unknown parameter ${JSON.stringify(other)} (DELETE takes only session)`));
    const session = query.get("session");
    if (session !== null && !isSessionName(session)) return sendJson(response, 400, fault(sessionNameFault("session", session)));
    sendJson(response, 200, { cleared: journal.clear(session ?? undefined) });
  }

  /**
   * `api/sessions/NAME`: GET shows it, PUT sets it from `{ data?, scenario? }`, PATCH stacks that onto
   * it (as `handlers.use` does), DELETE removes it and its journal entries.
   */
  async function session(request: IncomingMessage, response: ServerResponse, name: string): Promise<void> {
    const method = request.method ?? "GET";
    if (method === "GET") {
      const found = sessions.get(name);
      return found === undefined
        ? sendJson(response, 404, fault(`no session ${JSON.stringify(name)}`))
        : sendJson(response, 200, describeSession(found));
    }
    if (method === "DELETE") {
      supersede(name);
      const deleted = sessions.delete(name);
      const cleared = journal.clear(name);
      return deleted || cleared > 0
        ? sendJson(response, 200, { name, deleted, requestsCleared: cleared })
        : sendJson(response, 404, fault(`no session ${JSON.stringify(name)}`));
    }
    const body = await readBody(request, MAX_SESSION_BODY_BYTES, bodyBudget);
    if (!("bytes" in body)) return sendJson(response, body.status, fault(body.detail), body.retry ? { "Retry-After": "1" } : {});
    // Its length now: a large body's buffer goes to the worker (transferred, empty here after).
    const size = body.bytes.length;
    let put: SessionPut;
    try {
      put = await putSession(name, body.bytes, method === "PATCH");
    } finally {
      bodyBudget.held -= size;
    }
    if (!put.ok) return sendJson(response, put.status, fault(put.detail));
    sendJson(response, 200, describeSession(put.session));
  }

  /** Sets (or `stack`s onto) session `name` from the bytes of its body: a large one checked off the request thread. */
  async function putSession(name: string, bytes: Buffer, stack: boolean): Promise<SessionPut> {
    const size = bytes.length;
    if (options.checkSession === undefined || size < OFF_THREAD_SESSION_BYTES) {
      const parsed = parseJson(bytes);
      if (!("value" in parsed)) return { ok: false, ...parsed };
      const put = sessions.put(name, parsed.value, size, undefined, stack);
      if (put.ok) supersede(name); // a refused change changes nothing, and supersedes nothing
      return put;
    }
    // Parsed and checked on the dataset worker: the other clients are answered meanwhile. What can be
    // refused without reading it is refused first; the rest again once it is checked (another PUT may
    // have landed meanwhile).
    const refused = sessions.admits(name, size);
    if (refused !== undefined) return refused;
    const mine = ++turn;
    const under = checking.get(name) ?? { checks: 0, changed: 0 };
    checking.set(name, under);
    under.checks++;
    const checked = await options.checkSession(bytes, `session ${name} data`).finally(() => {
      if (--under.checks === 0) checking.delete(name);
    });
    if (under.changed > mine)
      return {
        ok: false,
        status: 409,
        detail: `session ${JSON.stringify(name)} was put or deleted by a later request while this body was checked: left as that request set it`,
      };
    if (!checked.ok) return checked;
    const put = sessions.put(name, { scenario: checked.scenario }, size, checked.core, stack);
    if (put.ok) supersede(name, mine);
    return put;
  }

  // A large PUT or PATCH applies when its check is done: a change of the same session that came later
  // and was made (a DELETE, a PUT or PATCH set, not one refused) wins (a test's afterEach that deletes its
  // session never sees it set again). Per session with checks under way: how many, and the turn of the
  // latest change made; bounded by the bodies held at once.
  const checking = new Map<string, { checks: number; changed: number }>();
  let turn = 0;
  /** Session `name` was changed by the request of `at` (a request that arrives now, by default): the checks that began before it lose. */
  const supersede = (name: string, at = ++turn): void => {
    const under = checking.get(name);
    if (under !== undefined) under.changed = Math.max(under.changed, at);
  };

  async function reload(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A JSON body like every change (no form can send one): `{}` or none.
    const body = await readJsonBody(request);
    if (!("value" in body)) return sendJson(response, body.status, fault(body.detail));
    if (!isPlainObject(body.value) || Object.keys(body.value).length > 0)
      return sendJson(response, 400, fault("reload takes no fields: send {} or an empty body"));
    if (options.reload === undefined)
      return sendJson(response, 409, {
        ...fault(`nothing to reload: the mock watches no data file (start it with --data FILE); serving ${dataset.source}`),
        dataset,
      });
    const outcome = await options.reload();
    // dataChanged has recorded the outcome by now (the reload goes through the handler's setDataset).
    if (outcome.ok) return sendJson(response, 200, { ok: true, dataset });
    sendJson(response, 422, { ok: false, detail: `mock: ${outcome.error.code} ${outcome.error.message}`, dataset });
  }

  const hosts = createHostCheck({ host: options.host, allowedHosts: options.allowedHosts });

  type Answer = (request: IncomingMessage, response: ServerResponse, query: URLSearchParams) => void | Promise<void>;
  type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  interface Route {
    /** The query parameters the route reads: any other is a 400 (the page and the stream ignore theirs). */
    params?: readonly string[];
    methods: Readonly<Partial<Record<Method, Answer>>>;
  }
  // The console's routes, after the prefix. A Map: a path like `__proto__` is no route.
  const routes = new Map<string, Route>([
    [
      "/",
      {
        methods: {
          GET: (_request, response) => {
            response.writeHead(200, {
              "Content-Type": "text/html; charset=utf-8",
              "Content-Length": CONSOLE_PAGE.length,
              "Content-Security-Policy": CONSOLE_PAGE_CSP,
              "Cache-Control": "no-store",
            });
            response.end(CONSOLE_PAGE);
          },
        },
      },
    ],
    ["/events", { methods: { GET: (request, response) => events.subscribe(request, response) } }],
    ["/api/state", { params: [], methods: { GET: (_request, response) => sendJson(response, 200, state()) } }],
    [
      "/api/requests",
      {
        params: ["after", "operation", "session", "since"],
        methods: {
          GET: (_request, response, query) => listRequests(response, query),
          DELETE: (_request, response, query) => clearRequests(response, query),
        },
      },
    ],
    [
      "/api/scenario",
      {
        params: [],
        methods: { GET: (_request, response) => sendJson(response, 200, { scenario: describePlan(scenario) }), POST: setScenario },
      },
    ],
    ["/api/reload", { params: [], methods: { POST: reload } }],
    [
      "/api/sessions",
      { params: [], methods: { GET: (_request, response) => sendJson(response, 200, { sessions: sessions.list().map(describeSession) }) } },
    ],
  ]);
  /** `/api/sessions/NAME`: one route for every name (checked: an unusable name is a 400). */
  const SESSIONS_PREFIX = "/api/sessions/";
  const sessionRoute = (name: string): Route => ({
    params: [],
    methods: {
      GET: (request, response) => session(request, response, name),
      PUT: (request, response) => session(request, response, name),
      PATCH: (request, response) => session(request, response, name),
      DELETE: (request, response) => session(request, response, name),
    },
  });

  /** What is wrong with the query of a route that reads `known` parameters, if anything. */
  const queryFault = (query: URLSearchParams, known: readonly string[]): string | undefined => {
    const seen = new Set<string>();
    for (const name of query.keys()) {
      if (!known.includes(name))
        return `unknown parameter ${JSON.stringify(name)} (${known.length === 0 ? "this route takes none" : `known: ${known.join(", ")}`})`;
      if (seen.has(name)) return `parameter ${JSON.stringify(name)} given twice`;
      seen.add(name);
    }
    return undefined;
  };

  const answer = (request: IncomingMessage, response: ServerResponse): void | Promise<void> => {
    const url = request.url ?? "/";
    const host = request.headers.host;
    if (!hosts.host(host))
      return sendJson(
        response,
        403,
        fault(
          `the console answers only requests for this machine or an allowed host, not Host ${JSON.stringify(host ?? "")} (to reach it through a proxy or a container, start the mock with --allowed-hosts NAME)`,
        ),
      );
    const q = url.indexOf("?");
    const path = (q === -1 ? url : url.slice(0, q)).slice(prefix.length);
    // `/_mock` alone: to the page, whose relative links need the slash.
    if (path === "") {
      response.writeHead(308, { Location: `${prefix}/${q === -1 ? "" : url.slice(q)}`, "Content-Length": 0 });
      return void response.end();
    }
    let route = routes.get(path);
    if (route === undefined && path.startsWith(SESSIONS_PREFIX)) {
      const name = unquote(path.slice(SESSIONS_PREFIX.length));
      if (name === undefined || !isSessionName(name))
        return sendJson(response, 400, fault(sessionNameFault("a session name", name ?? path.slice(SESSIONS_PREFIX.length))));
      route = sessionRoute(name);
    }
    if (route === undefined) return sendJson(response, 404, { detail: "Not Found" });
    const method = request.method ?? "GET";
    const run =
      method === "GET" || method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE"
        ? route.methods[method]
        : undefined;
    if (run === undefined)
      return sendJson(response, 405, { detail: "Method Not Allowed" }, { Allow: Object.keys(route.methods).join(", ") });
    // A change must come from the mock's own pages (or an allowed host): a cross-site page's Origin is refused.
    if (method !== "GET" && !hosts.origin(firstHeader(request.headers.origin), host))
      return sendJson(response, 403, fault(`a change from another site is refused (Origin ${JSON.stringify(request.headers.origin)})`));
    // No Origin, but the browser says the request comes from another site: refused all the same.
    if (method !== "GET" && crossSiteWithoutOrigin(firstHeader(request.headers.origin), firstHeader(request.headers["sec-fetch-site"])))
      return sendJson(
        response,
        403,
        fault(`a change from another site is refused (Sec-Fetch-Site ${JSON.stringify(request.headers["sec-fetch-site"])}, no Origin)`),
      );
    const query = new URLSearchParams(q === -1 ? "" : url.slice(q + 1));
    const wrong = route.params === undefined ? undefined : queryFault(query, route.params);
    if (wrong !== undefined) return sendJson(response, 400, fault(wrong));
    return run(request, response, query);
  };

  return {
    prefix,
    handle(request, response) {
      // The last-resort guard: whatever a route throws is a 500, and the mock keeps serving.
      const failed = (error: unknown): void => {
        options.onError?.(error, request);
        if (!response.headersSent) sendJson(response, 500, fault("internal error (logged by the mock)"));
        else response.destroy();
      };
      try {
        const pending = answer(request, response);
        if (pending !== undefined) pending.catch(failed);
      } catch (error) {
        failed(error);
      }
    },
    scenario: () => scenario,
    recorded(id, atMs, record) {
      // Formatted only for open pages: with none, the journal's entry is one object into a ring slot.
      if (events.listening) events.publish("request", journalEntry(id, atMs, record));
    },
    dataChanged(change) {
      const at = iso();
      if (change.ok) {
        const info = datasetInfo(change.counts, change.source, at);
        dataset = { ...info, lastReload: { at, ok: true, summary: info.summary } };
      } else dataset = { ...dataset, lastReload: { at, ok: false, error: { code: change.error.code, message: change.error.message } } };
      events.publish("dataset", withLive(dataset));
    },
    dispose: () => events.dispose(),
  };
}

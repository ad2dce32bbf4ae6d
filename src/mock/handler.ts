// The mock's node:http request listener: the answer comes from the transport-free core (core.ts);
// this adapter holds it for its delay, writes it and logs one line per request. URLs under
// `{base path}/_mock` go to the console (console/) first: one string check on the hot path.
import type { IncomingMessage, ServerResponse } from "node:http";
// The module binding, not the global: `globalThis.performance` is an accessor, read on every request.
import { performance } from "node:perf_hooks";
import type { Dataset } from "../types/dataset.js";
import { isToolkitError, ToolkitError } from "../errors.js";
import { createMockConsole, type CheckedSession } from "./console/index.js";
import { createDatasetLoader, type DatasetLoader } from "./off-thread-loader.js";
import { checkJournalFilter, createJournal, type JournalFilter, type JournalEntry, type JournalRecord } from "./journal.js";
import { createSessions, isSessionName, sessionNameFault, sessionOf, type Sessions } from "./sessions.js";
import { enactFault } from "./socket-faults.js";
import { isTransportFault } from "./faults.js";
import { escapeControl } from "../check/escape-control.js";
import {
  checkBasePath,
  createMockCore,
  isUnderBasePath,
  mockFaultAnswer,
  normalizeBasePath,
  type MockAnswer,
  type MockCoreOptions,
} from "./core.js";
import { corsHeaders, firstHeader, isPreflight } from "./cors.js";
import { utf8Bytes } from "./bytes.js";
import { createRootPage } from "./root-page.js";
import { datasetCounts, type DatasetIndex } from "./dataset-index.js";
import type { RequestHeaders } from "./cors.js";
import type { DataChangeEvent, NodeResponseLike, Scheduler } from "./types.js";
import { createAnswerObserver } from "../coverage/observe-answer.js";
import { isToolRequest } from "../contract/tool-user-agent.js";
import type { Observation } from "../coverage/observation.js";

export type { NodeResponseLike, Scheduler, SocketLike } from "./types.js";

/** The parts of node:http's IncomingMessage the handler reads (declared here: the public types need no @types/node). */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: RequestHeaders;
  /** node:http's request emits it when its connection goes (for a pipelined request whose response never had the socket). */
  once?(event: "close", listener: () => void): unknown;
}

export { checkBasePath, MAX_REQUEST_BODY_BYTES, normalizeBasePath, unquotePath } from "./core.js";

export interface MockHandlerOptions extends MockCoreOptions {
  /** One line per answered request, told at the end of the event-loop turn that answered it. */
  log?: (line: string) => void;
  /** Holds a delayed reply; default setTimeout. Tests pass their own to release replies by hand. */
  schedule?: Scheduler;
  /** Serve the console at `{basePath}/_mock/` (default true). */
  console?: boolean;
  /** Re-reads the data file for the console's reload button (startMockServer sets it with `dataFile`). */
  reload?: () => Promise<DataChangeEvent>;
  /** The console's clock (request and reload times); default Date.now. */
  now?: () => number;
  /** The address the server listens on (startMockServer sets it): a Host the console answers. */
  host?: string;
  /**
   * Receives an observation of each answered request to the service (operation, status, scenario, the
   * client cases its body shows: src/coverage/observation.ts), as its answer is written: `mock --record
   * FILE` writes them as NDJSON for `evals-contract coverage`.
   */
  record?: (observation: Observation) => void;
  /**
   * More Hosts the console answers besides this machine's names and IPs and `host` (a proxy's or a
   * container's name; `.example.com` includes its subdomains). The service's own routes answer any Host.
   */
  allowedHosts?: readonly string[];
}

/** What a core built from an index is given as its data (unread: the index is served). */
const NO_DATA: Dataset = { evaluations: [], human_evaluations: [] };

const timerScheduler: Scheduler = (delayMs, send) => {
  const timer = setTimeout(send, delayMs);
  return () => clearTimeout(timer);
};

export interface MockHandler {
  (request: NodeRequestLike, response: NodeResponseLike): void;
  /**
   * Serves `data` from the next request on and returns a summary of it. It is checked first: a bad
   * dataset throws E_DATA_INVALID naming `source`, and the last good data keeps being served.
   */
  setDataset(data: unknown, source?: string): string;
  /** Tells the console that new data was refused before it reached setDataset (an unreadable file). */
  refuseData(error: ToolkitError): void;
  /** Live mode: what moves and over what time (undefined otherwise). */
  liveSummary(): string | undefined;
  /** Serves an already checked and indexed dataset (a reload read off the main thread). */
  setIndex(index: DatasetIndex, source?: string): string;
  /** The request journal: every request answered or faulted, oldest first, filtered (see JournalFilter). */
  requests(filter?: JournalFilter): JournalEntry[];
  /** Forgets the journal, or one session's entries; returns how many. */
  clearRequests(session?: string): number;
  /** The sessions (X-Mock-Session): what `PUT /_mock/api/sessions/NAME` sets. */
  readonly sessions: Sessions;
  /** Drops responses still waiting for their delay, hung and dribbling ones, and ends the console's event streams. */
  dispose(): void;
}

/** `preloaded`: see createMockCore (served instead of `options.data`; the console counts it). */
export function createMockHandler(options: MockHandlerOptions, preloaded?: DatasetIndex): MockHandler {
  const basePathFault = checkBasePath(options.basePath);
  if (basePathFault !== undefined) throw new ToolkitError("E_USAGE", basePathFault);
  // The last-resort guard: a request that throws is answered 500 and the mock keeps serving; the
  // first such error is logged (the next ones would say the same, as often as a page sends them).
  let loggedFailure = false;
  const failedOnce = (error: unknown, method: string, url: string): void => {
    if (loggedFailure) return;
    loggedFailure = true;
    // One line: the error and where it was thrown (its first stack frame).
    const frame = error instanceof Error ? (error.stack?.split("\n")[1]?.trim() ?? "") : "";
    const what = error instanceof Error ? `${error.name}: ${error.message}${frame === "" ? "" : ` (${frame})`}` : String(error);
    const line = escapeControl(`mock: internal error answering ${method} ${url} (answered 500; further ones are not logged): ${what}`);
    try {
      (options.log ?? console.error)(line);
    } catch {
      console.error(line); // the log itself failed: stderr is what is left
    }
  };
  const journal = createJournal();
  const now = options.now ?? Date.now;
  const sessions = createSessions((data, source) => createMockCore({ ...options, data: data as Dataset, source }));
  // A large session body is checked on a worker thread (started on the first one, ended by dispose):
  // a 30 MiB dataset is seconds of parsing and checking no other client waits for. Live mode needs the
  // records themselves (its story starts from them): checked here, as before.
  let loader: DatasetLoader | undefined;
  const checkSession = async (body: Buffer, source: string): Promise<CheckedSession> => {
    loader ??= createDatasetLoader();
    const checked = await loader.checkSession(body, source, options.anchor);
    if (!checked.ok) return checked;
    const core = checked.index === undefined ? undefined : createMockCore({ ...options, data: NO_DATA, source }, checked.index);
    return { ok: true, scenario: checked.scenario, core };
  };
  const mockConsole =
    options.console === false
      ? undefined
      : createMockConsole({
          basePath: normalizeBasePath(options.basePath),
          counts: preloaded?.counts ?? datasetCounts(options.data),
          source: options.source ?? "data",
          ...(options.reload ? { reload: options.reload } : {}),
          ...(options.now ? { now: options.now } : {}),
          live: () => core.liveSummary,
          // This turn's requests first (told at its end): a request answered just before a pipelined
          // `GET` or `DELETE` of the journal is listed or cleared with the rest.
          journal: {
            add: journal.add,
            list: (filter) => (tell(), journal.list(filter)),
            clear: (session) => (tell(), journal.clear(session)),
          },
          sessions,
          host: options.host,
          allowedHosts: options.allowedHosts,
          onError: (error, request) => failedOnce(error, request.method ?? "GET", request.url ?? "/"),
          ...(options.live === undefined ? { checkSession } : {}),
        });
  const core = createMockCore(mockConsole ? { ...options, scenario: mockConsole.scenario } : options, preloaded);
  const consolePrefix = mockConsole?.prefix ?? "";
  const base = normalizeBasePath(options.basePath);
  const rootPage = mockConsole === undefined ? undefined : createRootPage(base, consolePrefix);
  const log = options.log;
  const schedule = options.schedule ?? timerScheduler;
  const pending = new Set<() => void>();

  // What was answered is noted per request (one object) and told once per event-loop turn: the log
  // lines are formatted and the journal kept in one pass over the turn's requests, which costs a
  // busy server less than doing both between two requests.
  let answered: JournalRecord[] = [];
  const record = options.record;
  const observeAnswer = record === undefined ? undefined : createAnswerObserver("mock", base);
  let telling = false;
  const tell = (): void => {
    telling = false;
    const batch = answered;
    answered = [];
    const at = now();
    for (const entry of batch) {
      try {
        // The method, the URL and the note (decoded scenario values) come from the request: escaped, so
        // a `%0a` or an ESC cannot forge a log line or drive the terminal.
        if (log) {
          const session = entry.session === undefined ? "" : `  session ${entry.session}`;
          log(escapeControl(`${entry.method} ${entry.url} ${entry.status ?? "-"} ${entry.ms.toFixed(1)}ms${session}${entry.note}`));
        }
        const id = journal.add(at, entry);
        mockConsole?.recorded(id, at, entry);
      } catch (error) {
        failedOnce(error, entry.method, entry.url);
      }
    }
  };

  /** Notes a request for the log and the journal (told at the end of the turn). */
  const note = (
    request: NodeRequestLike,
    url: string,
    session: string | undefined,
    started: number,
    answer: MockAnswer,
    status: number | null,
  ): void => {
    answered.push({
      method: request.method ?? "GET",
      url,
      headers: request.headers,
      session,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      note: answer.note,
      operationId: answer.operationId,
      fault: answer.fault,
      scenario: answer.scenario,
      nearMiss: answer.nearMiss,
    });
    if (!telling) {
      telling = true;
      setImmediate(tell);
    }
  };

  /**
   * Keeps what stops a held answer until its response closes, or its request does: a pipelined
   * request's response never gets the socket when the connection goes first, so only the request
   * tells (its timers and the pending set would keep it otherwise).
   */
  const hold = (stop: () => void, request: NodeRequestLike, response: NodeResponseLike): void => {
    pending.add(stop);
    const done = (): void => {
      stop();
      pending.delete(stop);
    };
    response.once("close", done);
    request.once?.("close", done);
  };

  /** Writes an answer (or enacts its fault) and notes it. */
  const send = (
    request: NodeRequestLike,
    url: string,
    session: string | undefined,
    started: number,
    answer: MockAnswer,
    response: NodeResponseLike,
  ): void => {
    const method = request.method ?? "GET";
    const fault = answer.fault;
    if (isTransportFault(fault)) {
      // The status a client saw, if any: a malformed body and a dribble start with their status line.
      const status = fault === "malformed" || fault === "dribble" ? answer.status : null;
      note(request, url, session, started, answer, status);
      const stop = enactFault(fault, answer, response, schedule);
      if (stop !== undefined) hold(stop, request, response);
      if (fault !== "dribble") return;
    } else {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    }
    // Observed at once: a kept answer's observation is a map lookup (observe-answer.ts), and the
    // recorder batches its writes. The toolkit's own tools (verify, fuzz, snapshot: their User-Agent)
    // are no consumer: their requests are no coverage of the client.
    if (observeAnswer !== undefined && !isToolRequest(request.headers["user-agent"]))
      try {
        const observation = observeAnswer(method, url, answer);
        if (observation !== undefined) record!(observation);
      } catch (error) {
        failedOnce(error, method, url);
      }
    if (!isTransportFault(fault)) note(request, url, session, started, answer, answer.status);
  };

  const serve = (request: NodeRequestLike, response: NodeResponseLike): void => {
    const url = request.url ?? "/";
    // `{base}/_mock`, `{base}/_mock/...` and `{base}/_mock?...`: not `/_mockery`.
    if (mockConsole !== undefined && url.startsWith(consolePrefix)) {
      const next = url.charCodeAt(consolePrefix.length);
      if (Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */)
        return mockConsole.handle(request as IncomingMessage, response as unknown as ServerResponse);
    }
    const started = performance.now();
    const method = request.method ?? "GET";
    if (rootPage !== undefined && method === "GET" && rootPage.wants(url, request.headers)) {
      const answer = rootPage.answer(core.respond({ method, url, headers: request.headers }));
      return send(request, url, undefined, started, answer, response);
    }
    // A preflight carries no session (a browser sends no custom header with it): the core answers it.
    const named = method === "OPTIONS" && isPreflight(method, request.headers) ? undefined : sessionOf(request.headers);
    if (typeof named === "object")
      return send(request, url, undefined, started, mockFaultAnswer(named.fault, firstHeader(request.headers.origin)), response);
    const session = named === undefined ? undefined : sessions.get(named);
    let answer = (session?.core ?? core).respond({ method, url, headers: request.headers }, session?.plan);
    if (answer.status === 404 && base !== "" && answer.note === "" && !isUnderBasePath(url, base))
      answer = { ...answer, note: `  outside the base path ${base}` };
    // A hang answers nothing, a dribble spreads its body over its delay: neither is held first.
    if (answer.delayMs <= 0 || answer.fault === "hang" || answer.fault === "dribble")
      return send(request, url, named, started, answer, response);
    const cancel = schedule(answer.delayMs, () => {
      pending.delete(cancel);
      send(request, url, named, started, answer, response);
    });
    hold(cancel, request, response);
  };

  const handler = (request: NodeRequestLike, response: NodeResponseLike): void => {
    try {
      serve(request, response);
    } catch (error) {
      failedOnce(error, request.method ?? "GET", request.url ?? "/");
      const body = utf8Bytes('{"detail":"Internal Server Error"}');
      try {
        response.writeHead(
          500,
          corsHeaders(firstHeader(request.headers.origin), { "Content-Type": "application/json", "Content-Length": body.length }),
        );
        response.end(body);
      } catch {
        // Headers were sent already: the connection is all that is left to end.
        (response as unknown as { destroy?: () => void }).destroy?.();
      }
    }
  };

  return Object.assign(handler, {
    setDataset(data: unknown, source = "data"): string {
      let summary: string;
      try {
        summary = core.setDataset(data, source);
      } catch (error) {
        if (isToolkitError(error)) mockConsole?.dataChanged({ ok: false, error });
        throw error;
      }
      mockConsole?.dataChanged({ ok: true, counts: datasetCounts(data as Dataset), source });
      return summary;
    },
    setIndex(index: DatasetIndex, source = "data"): string {
      const summary = core.setIndex(index);
      mockConsole?.dataChanged({ ok: true, counts: index.counts, source });
      return summary;
    },
    refuseData: (error: ToolkitError): void => mockConsole?.dataChanged({ ok: false, error }),
    liveSummary: (): string | undefined => core.liveSummary,
    requests: (filter?: JournalFilter): JournalEntry[] => {
      const checked = checkJournalFilter(filter, "server.requests");
      tell(); // this turn's requests too
      return journal.list(checked);
    },
    clearRequests: (session?: string): number => {
      if (session !== undefined && (typeof session !== "string" || !isSessionName(session)))
        throw new ToolkitError("E_USAGE", `server.clearRequests: ${sessionNameFault("session", String(session))}`);
      tell(); // this turn's requests are cleared too
      return journal.clear(session);
    },
    sessions,
    dispose(): void {
      tell();
      mockConsole?.dispose();
      for (const cancel of pending) cancel();
      pending.clear();
      void loader?.close();
      loader = undefined;
    },
  });
}

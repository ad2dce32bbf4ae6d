// MSW request handlers (msw 2 and 3) that answer as the mock server does, for frontends' unit tests,
// component stories and pages in the browser: each request goes through the mock's transport-free
// core (src/mock/core.ts), the same function behind the node:http mock, so both give the same
// status, headers and bytes. Only the transport lives here: a fetch Request in, a fetch Response
// out, the delay awaited. No Node built-ins: the same module runs under msw/node and in a service
// worker page. msw is an optional peer dependency, imported by this entry only (load-msw.ts: its
// absence is E_MISSING_PEER).
import type { HttpHandler } from "msw";
import { createMockCore, normalizeBasePath, type MockCore, type MockCoreOptions } from "../mock/core.js";
import type { Dataset } from "../types/dataset.js";
import { checkMswOptions, checkOrigin } from "./check-options.js";
import { claimedUrls } from "./claimed-urls.js";
import { DEFAULT_DATASET_SOURCE, loadDefaultDataset } from "./default-dataset.js";
import { msw } from "./load-msw.js";
import { createAnswerObserver } from "../coverage/observe-answer.js";
import type { Observation } from "../coverage/observation.js";
import { ToolkitError } from "../errors.js";
import { isPlainObject } from "../types/json.js";
import { dribblePieces } from "../mock/faults.js";
import { checkJournalFilter, createJournal, type JournalEntry, type JournalFilter } from "../mock/journal.js";
import type { ScenarioPlan } from "../mock/scenarios.js";
import { parseScenarioSetting, type ScenarioSetting } from "../mock/scenario-switch.js";

export interface MswHandlerOptions extends Omit<MockCoreOptions, "data"> {
  /**
   * The records to serve (checked first: E_DATA_INVALID). Default: the embedded default dataset,
   * what `npm start` serves, loaded when the handlers are made (a separate chunk in a browser bundle).
   */
  data?: Dataset;
  /**
   * Answer every request under `basePath` on this origin (`http://localhost:4010`), unknown paths with
   * the service's 404. Default: any origin, but only the service's own paths (/evaluations,
   * /human-evaluations, /human-evaluations/{id}) under `basePath`. Everything else is left to your
   * other handlers, and stays unhandled for MSW (`onUnhandledRequest`).
   */
  origin?: string;
  /** Waits out a delay (the default latency or `Prefer: delay=`); default: a timer. Tests pass their own. */
  wait?: (delayMs: number) => Promise<void>;
  /**
   * Receives an observation of each answered request to the service, as `mock --record` writes them
   * (`observationLine(o)` is its NDJSON line): collect them in a test or a page, then run
   * `evals-contract coverage` on them.
   */
  record?: (observation: Observation) => void;
}

/** What `handlers.use` sets for the current test, until `handlers.reset()`. */
export interface MswUseOptions {
  /** The records this test sees instead of the handlers' data (checked: E_DATA_INVALID names the path and rule). */
  data?: Dataset;
  /**
   * The scenario of this test: for every operation (`{ delay: 2000 }`, `{ fault: "reset" }`) or one
   * (`{ operation: "listEvaluations", code: 500 }`), or a list of them. A request's own `Prefer`
   * still wins.
   */
  scenario?: ScenarioSetting;
}

export interface EvaluationServiceHandlers extends Array<HttpHandler> {
  /** Serves `data` from the next request on (checked first: E_DATA_INVALID); returns its summary. */
  setDataset(data: unknown, source?: string): string;
  /**
   * Data and scenarios for the current test, as `server.use` adds handlers: each call sets what it
   * names (`data`, `scenario`) and keeps the rest. Checked now: E_DATA_INVALID or E_USAGE.
   */
  use(overrides: MswUseOptions): void;
  /** Back to the handlers' own data and no scenario, and an empty journal: call it in `afterEach`, as `server.resetHandlers()`. */
  reset(): void;
  /** The requests answered since the handlers were made or last reset, oldest first (`operation`, `since` filter them). */
  requests(filter?: Omit<JournalFilter, "session">): JournalEntry[];
}

const MSW_FILTER_KEYS = ["operation", "since"];

const timer = (delayMs: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, delayMs));

/** Handlers for `setupServer(...handlers)` or `setupWorker(...handlers)`, answering as `evals-contract mock` does. */
export function createMswHandlers(options: MswHandlerOptions = {}): EvaluationServiceHandlers {
  // A wrong option is one E_USAGE naming it, now, not a failure on every request later.
  checkMswOptions(options);
  const base = normalizeBasePath(options.basePath);
  const origin = options.origin === undefined ? undefined : checkOrigin(options.origin);
  const wait = options.wait ?? timer;
  const coreOf = (data: unknown, source: string): MockCore => createMockCore({ ...options, data: data as Dataset, source });

  // With data, the core is built now (a bad dataset throws here). Without, the default dataset's
  // import starts now, not on the first request: in a page, its chunk must be fetched before the
  // worker is started: a request for it that this handler claimed would wait for itself.
  let core: MockCore | undefined = options.data === undefined ? undefined : coreOf(options.data, options.source ?? "data");
  const loading: Promise<MockCore> | undefined =
    core === undefined ? loadDefaultDataset().then((data) => (core ??= coreOf(data, DEFAULT_DATASET_SOURCE))) : undefined;
  loading?.catch(() => undefined); // a failed import fails the requests that wait for it, not the process
  const ready = (): MockCore | Promise<MockCore> => core ?? (loading as Promise<MockCore>);
  const record = options.record;
  const observeAnswer = record === undefined ? undefined : createAnswerObserver("msw", base);

  // What the current test set with `use` (until `reset`), and the journal of what was asked.
  let testCore: MockCore | undefined;
  let testPlan: ScenarioPlan | undefined;
  const journal = createJournal();
  const now = (): number => Date.now();
  const clock = (): number => (typeof performance === "undefined" ? Date.now() : performance.now());

  const handler = msw.http.all(claimedUrls(origin, base), async ({ request }) => {
    const started = clock();
    const url = new URL(request.url);
    const target = url.pathname + url.search;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = (testCore ?? (await ready())).respond({ method: request.method, url: target, headers }, testPlan);
    const fault = answer.fault;
    const note = (status: number | null): void => {
      journal.add(now(), {
        method: request.method,
        url: target,
        headers,
        session: undefined,
        status,
        ms: Math.round((clock() - started) * 10) / 10,
        note: answer.note,
        operationId: answer.operationId,
        fault,
        scenario: answer.scenario,
        nearMiss: answer.nearMiss,
      });
    };
    // A hang answers nothing until the request is aborted (fetch's signal or a test's timeout).
    if (fault === "hang") {
      note(null);
      await new Promise<void>((resolve) => {
        if (request.signal.aborted) return resolve();
        request.signal.addEventListener("abort", () => resolve(), { once: true });
      });
      return msw.HttpResponse.error();
    }
    if (answer.delayMs > 0 && fault !== "dribble") await wait(answer.delayMs);
    // What fetch sees of a reset, a close with no answer and a broken body alike: a network error.
    if (fault === "reset" || fault === "empty" || fault === "malformed") {
      note(null);
      return msw.HttpResponse.error();
    }
    if (observeAnswer !== undefined) {
      const observation = observeAnswer(request.method, target, answer);
      if (observation !== undefined) record!(observation);
    }
    note(answer.status);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) responseHeaders.set(name, String(value));
    // A copy into a plain ArrayBuffer-backed view: the pre-serialized bytes are shared between answers.
    const body = typeof answer.body === "string" ? answer.body : answer.body.slice();
    if (fault === "dribble")
      return new msw.HttpResponse(dribble(body, answer.delayMs, wait, request.signal), { status: answer.status, headers: responseHeaders });
    return new msw.HttpResponse(body, { status: answer.status, headers: responseHeaders });
  });

  const setDataset = (data: unknown, source = "data"): string => {
    if (core !== undefined) return core.setDataset(data, source);
    core = coreOf(data, source);
    return core.summary;
  };
  const use = (overrides: MswUseOptions): void => {
    if (!isPlainObject(overrides)) throw new ToolkitError("E_USAGE", "handlers.use takes an object like { data, scenario }");
    const unknown = Object.keys(overrides).find((key) => key !== "data" && key !== "scenario");
    if (unknown !== undefined)
      throw new ToolkitError("E_USAGE", `handlers.use: unknown option ${JSON.stringify(unknown)} (known: data, scenario)`);
    // Both checked before either is applied: a bad call changes nothing.
    const plan = overrides.scenario === undefined ? undefined : parseScenarioSetting(overrides.scenario, "test scenario");
    if (plan !== undefined && "fault" in plan) throw new ToolkitError("E_USAGE", `handlers.use: scenario: ${plan.fault}`);
    const data = overrides.data === undefined ? undefined : coreOf(overrides.data, "handlers.use data");
    if (data !== undefined) testCore = data;
    if (plan !== undefined) testPlan = plan;
  };
  const reset = (): void => {
    testCore = undefined;
    testPlan = undefined;
    journal.clear();
  };
  // MSW has no sessions: a `session` filter is an unknown key, not a filter that matches nothing.
  const requests = (filter?: Omit<JournalFilter, "session">): JournalEntry[] =>
    journal.list(checkJournalFilter(filter, "handlers.requests", MSW_FILTER_KEYS));
  return Object.assign([handler], { setDataset, use, reset, requests });
}

/**
 * A body that trickles out over `spreadMs`: the first piece at once, the rest at even intervals. An
 * aborted request ends it with the abort's reason, as a real socket's body read fails.
 */
function dribble(
  body: Uint8Array | string,
  spreadMs: number,
  wait: (ms: number) => Promise<void>,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const { pieces, intervalMs } = dribblePieces(bytes, spreadMs);
  let next = 0;
  const aborted = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next > 0) await Promise.race([wait(intervalMs), aborted]);
      if (signal.aborted) return controller.error(signal.reason ?? new DOMException("The operation was aborted.", "AbortError"));
      const piece = pieces[next++];
      if (piece !== undefined) controller.enqueue(piece.slice());
      if (next >= pieces.length) controller.close();
    },
  });
}

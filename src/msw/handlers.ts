// MSW request handlers (msw 2 and 3) that answer as the mock server does, for frontends' unit tests,
// component stories and pages in the browser: each request goes through the mock's transport-free
// core (src/mock/core.ts), the same function behind the node:http mock, so both give the same
// status, headers and bytes. Only the transport lives here: a fetch Request in, a fetch Response
// out, the delay awaited. No Node built-ins: the same module runs under msw/node and in a service
// worker page. msw is an optional peer dependency, imported by this entry only (load-msw.ts: its
// absence is E_MISSING_PEER). Per test, `handlers.override(...)` makes more handlers of the same kind
// for `server.use(...)`, so MSW itself stacks, resets and scopes them; `handlers.use` is the same
// stacking kept inside the handler set, until `handlers.reset()`.
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
import { NO_PLAN } from "../mock/scenarios.js";
import type { LiveMockOptions } from "../mock/live.js";
import { OPERATION_IDS, type OperationId } from "../contract/operations.js";
import { namedOperations, stackScenario } from "../mock/stack-scenario.js";

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
   * (`{ operation: "listEvaluations", code: 500 }`), or a list of them; `times: 2` fails twice, then
   * answers normally; `respond` is an answer of its own (docs/msw.md). A request's own `Prefer` still wins.
   */
  scenario?: ScenarioSetting;
}

/** What `handlers.override` answers: MSW handlers for `server.use(...)` / `worker.use(...)`. */
export interface MswOverrideOptions {
  /** The records these handlers serve (checked: E_DATA_INVALID). Given, they answer all three operations. */
  data?: Dataset;
  /**
   * The scenario they apply (as `handlers.use` takes it). Without `data` or `live`, they answer
   * only the operations it names (a switch without `operation` names all three); the other
   * operations fall through to the next handler. A request's own `Prefer` still wins.
   */
  scenario?: ScenarioSetting;
  /**
   * The data moves as on `evals-contract mock --live`: its queued and running records move to
   * their final status over `durationMs` (default 30 s), from the `override` call (`true`: the
   * defaults). Without `data`, the data the handlers serve at the override's first request, from
   * then. Answers all three operations.
   */
  // Not `evolution`: that name is kept for issue 42's evolutions (the answers the contract allows
  // but today's service does not send), which override will take too.
  live?: boolean | LiveMockOptions;
}

export interface EvaluationServiceHandlers extends Array<HttpHandler> {
  /**
   * Serves `data` from the next request on (checked first: E_DATA_INVALID), until `reset()`;
   * returns its summary.
   */
  setDataset(data: Dataset, source?: string): string;
  /**
   * Data and scenarios for the current test, kept in the handler set: each call sets what it names
   * and keeps the rest, per operation, as `server.use` stacks handlers (a scenario for one operation
   * keeps the others' scenarios; one without `operation` replaces all). Checked now: E_DATA_INVALID
   * or E_USAGE. `server.resetHandlers()` does not clear it: `reset()` does.
   */
  use(overrides: MswUseOptions): void;
  /**
   * MSW request handlers for `server.use(...)` (or `worker.use(...)`), answering as these handlers
   * do with `data`, `scenario` and `live`: MSW stacks them (the latest wins for the operations
   * it answers), `server.resetHandlers()` removes them and `server.boundary()` scopes them. Their
   * requests go to `requests()`. Checked now: E_DATA_INVALID or E_USAGE.
   */
  override(options: MswOverrideOptions): HttpHandler[];
  /**
   * Back to the handlers' own data (undoing `use` and `setDataset`), no scenario, and an empty
   * journal: call it in `afterEach`, beside `server.resetHandlers()`.
   */
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
  const coreOf = (data: unknown, source: string, live?: LiveMockOptions): MockCore =>
    createMockCore({ ...options, data: data as Dataset, source, ...(live === undefined ? {} : { live }) });

  // With data, the core is built now (a bad dataset throws here). Without, the default dataset's
  // import starts now, not on the first request: in a page, its chunk must be fetched before the
  // worker is started: a request for it that this handler claimed would wait for itself.
  let ownData: Dataset | undefined = options.data;
  let core: MockCore | undefined = options.data === undefined ? undefined : coreOf(options.data, options.source ?? "data");
  const loading: Promise<MockCore> | undefined =
    core === undefined
      ? loadDefaultDataset().then((data) => {
          ownData ??= data;
          return (core ??= coreOf(data, DEFAULT_DATASET_SOURCE));
        })
      : undefined;
  loading?.catch(() => undefined); // a failed import fails the requests that wait for it, not the process
  const ready = (): MockCore | Promise<MockCore> => core ?? (loading as Promise<MockCore>);
  const record = options.record;
  const observeAnswer = record === undefined ? undefined : createAnswerObserver("msw", base);

  // What `setDataset` and the current test's `use` set (until `reset`), and the journal of what was asked.
  let setCore: MockCore | undefined;
  let setData: Dataset | undefined;
  let testCore: MockCore | undefined;
  let testData: Dataset | undefined;
  let testPlan: ScenarioPlan | undefined;
  const journal = createJournal();
  const now = (): number => Date.now();
  const clock = (): number => (typeof performance === "undefined" ? Date.now() : performance.now());
  /** The core the handlers answer from now: the test's data, else setDataset's, else their own. */
  const serving = (): MockCore | Promise<MockCore> => testCore ?? setCore ?? ready();
  /** The records behind `serving()`, for a live run of them. */
  const servedData = async (): Promise<Dataset> => {
    if (testData === undefined && setData === undefined && ownData === undefined) await ready();
    return (testData ?? setData ?? ownData)!;
  };
  const claimed = claimedUrls(origin, base);

  /**
   * The answer of `given` to `request`, journaled; undefined (MSW moves on to the next handler) when
   * `answers` is given and does not list the request's operation.
   */
  const serve = async (
    request: Request,
    given: MockCore,
    plan: ScenarioPlan | undefined,
    answers?: readonly OperationId[],
  ): Promise<Response | undefined> => {
    const started = clock();
    const url = new URL(request.url);
    const target = url.pathname + url.search;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = given.respond({ method: request.method, url: target, headers }, plan);
    if (answers !== undefined && (answer.operationId === undefined || !answers.includes(answer.operationId))) return undefined;
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
  };

  const handler = msw.http.all(claimed, async ({ request }) => serve(request, await serving(), testPlan));

  const setDataset = (data: Dataset, source = "data"): string => {
    const next = coreOf(data, source);
    setCore = next;
    setData = data;
    return next.summary;
  };
  const use = (given: MswUseOptions): void => {
    const overrides: MswUseOptions = given;
    if (!isPlainObject(given)) throw new ToolkitError("E_USAGE", "handlers.use takes an object like { data, scenario }");
    const unknown = Object.keys(overrides).find((key) => key !== "data" && key !== "scenario");
    if (unknown !== undefined)
      throw new ToolkitError("E_USAGE", `handlers.use: unknown option ${JSON.stringify(unknown)} (known: data, scenario)`);
    // Both checked before either is applied: a bad call changes nothing.
    const plan = overrides.scenario === undefined ? undefined : parseScenarioSetting(overrides.scenario, "test scenario");
    if (plan !== undefined && "fault" in plan)
      throw new ToolkitError(plan.invalidData ? "E_DATA_INVALID" : "E_USAGE", `handlers.use: scenario: ${plan.fault}`);
    const data = overrides.data === undefined ? undefined : coreOf(overrides.data, "handlers.use data");
    if (data !== undefined) {
      testCore = data;
      testData = overrides.data;
    }
    if (plan !== undefined) testPlan = stackScenario(testPlan ?? NO_PLAN, plan, namedOperations(overrides.scenario), "test scenario");
  };
  const override = (given: MswOverrideOptions): HttpHandler[] => {
    const options: MswOverrideOptions = given;
    if (!isPlainObject(given)) throw new ToolkitError("E_USAGE", "handlers.override takes an object like { data, scenario, live }");
    const unknown = Object.keys(options).find((key) => !OVERRIDE_KEYS.includes(key));
    if (unknown !== undefined)
      throw new ToolkitError(
        "E_USAGE",
        `handlers.override: unknown option ${JSON.stringify(unknown)} (known: ${OVERRIDE_KEYS.join(", ")})`,
      );
    const plan = options.scenario === undefined ? undefined : parseScenarioSetting(options.scenario, "override scenario");
    if (plan !== undefined && "fault" in plan)
      throw new ToolkitError(plan.invalidData ? "E_DATA_INVALID" : "E_USAGE", `handlers.override: scenario: ${plan.fault}`);
    const live = liveOf(options.live);
    // Checked now, before any handler exists: a bad dataset is this call's E_DATA_INVALID.
    const own = options.data === undefined ? undefined : coreOf(options.data, "handlers.override data", live);
    // Data (or a live run of it) answers every operation; a scenario alone, the ones it names.
    const answers =
      options.data !== undefined || live !== undefined || plan === undefined ? OPERATION_IDS : namedOperations(options.scenario);
    let moving: Promise<MockCore> | undefined;
    const coreNow = (): MockCore | Promise<MockCore> => {
      if (own !== undefined) return own;
      if (live === undefined) return serving();
      return (moving ??= servedData().then((data) => coreOf(data, "handlers.override live", live)));
    };
    return [msw.http.all(claimed, async ({ request }) => serve(request, await coreNow(), plan ?? NO_PLAN, answers))];
  };
  const reset = (): void => {
    setCore = undefined;
    setData = undefined;
    testCore = undefined;
    testData = undefined;
    testPlan = undefined;
    journal.clear();
  };
  // MSW has no sessions: a `session` filter is an unknown key, not a filter that matches nothing.
  const requests = (filter?: Omit<JournalFilter, "session">): JournalEntry[] =>
    journal.list(checkJournalFilter(filter, "handlers.requests", MSW_FILTER_KEYS));
  return Object.assign([handler], { setDataset, use, override, reset, requests });
}

const OVERRIDE_KEYS = ["data", "scenario", "live"];
const LIVE_KEYS = ["durationMs", "seed", "clock"];
/** The longest live run, as `mock --live-duration` takes it. */
const MAX_LIVE_MS = 24 * 60 * 60 * 1000;

/** The live-mode options of an override's `live` (undefined: none), or E_USAGE naming what is wrong. */
function liveOf(given: unknown): LiveMockOptions | undefined {
  if (given === undefined || given === false) return undefined;
  if (given === true) return {};
  const wrong = (why: string): ToolkitError => new ToolkitError("E_USAGE", `handlers.override: live ${why}`);
  if (!isPlainObject(given)) throw wrong("must be true or an object like { durationMs: 30000, seed: 42 }");
  const unknown = Object.keys(given).find((key) => !LIVE_KEYS.includes(key));
  if (unknown !== undefined) throw wrong(`has an unknown option ${JSON.stringify(unknown)} (known: ${LIVE_KEYS.join(", ")})`);
  const { durationMs, seed, clock } = given;
  if (
    durationMs !== undefined &&
    !(Number.isSafeInteger(durationMs) && (durationMs as number) > 0 && (durationMs as number) <= MAX_LIVE_MS)
  )
    throw wrong(`durationMs must be a whole number of milliseconds from 1 to ${MAX_LIVE_MS}, got ${JSON.stringify(durationMs)}`);
  if (seed !== undefined && !Number.isSafeInteger(seed)) throw wrong(`seed must be a whole number, got ${JSON.stringify(seed)}`);
  if (clock !== undefined && typeof clock !== "function") throw wrong("clock must be a function returning epoch milliseconds");
  return given as LiveMockOptions;
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

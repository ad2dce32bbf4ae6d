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

export interface EvaluationServiceHandlers extends Array<HttpHandler> {
  /** Serves `data` from the next request on (checked first: E_DATA_INVALID); returns its summary. */
  setDataset(data: unknown, source?: string): string;
}

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

  const handler = msw.http.all(claimedUrls(origin, base), async ({ request }) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = (await ready()).respond({ method: request.method, url: url.pathname + url.search, headers });
    if (answer.delayMs > 0) await wait(answer.delayMs);
    if (observeAnswer !== undefined) {
      const observation = observeAnswer(request.method, url.pathname + url.search, answer);
      if (observation !== undefined) record!(observation);
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) responseHeaders.set(name, String(value));
    // A copy into a plain ArrayBuffer-backed view: the pre-serialized bytes are shared between answers.
    const body = typeof answer.body === "string" ? answer.body : answer.body.slice();
    return new msw.HttpResponse(body, { status: answer.status, headers: responseHeaders });
  });

  const setDataset = (data: unknown, source = "data"): string => {
    if (core !== undefined) return core.setDataset(data, source);
    core = coreOf(data, source);
    return core.summary;
  };
  return Object.assign([handler], { setDataset });
}

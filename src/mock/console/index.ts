// The mock console at `{base path}/_mock/`: a page to watch and steer the mock (dataset, live request
// log, scenario switches, reload) and the JSON API behind it for scripts. The node adapter
// (handler.ts) hands it every URL under its prefix before the core sees the request; `_mock` is no
// path of the service, so the console never hides an API answer.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ToolkitError } from "../../errors.js";
import type { Dataset } from "../../types/dataset.js";
import type { DataChangeEvent } from "../options.js";
import { datasetCounts, describeCounts, type DatasetCounts } from "../dataset-index.js";
import { NO_SCENARIO, type Scenario } from "../scenarios.js";
import { createEventStream } from "./event-stream.js";
import { CONSOLE_PAGE, CONSOLE_PAGE_CSP } from "./page.js";
import { createRequestLog, type AnsweredRequest } from "./request-log.js";
import { describeScenario, parseScenarioSwitch } from "./scenario-switch.js";

export { CONSOLE_PATH } from "./api.js";
export type { DatasetInfo, LoggedRequest, ScenarioSwitch } from "./api.js";
import { CONSOLE_PATH, type DatasetInfo } from "./api.js";

/** What a reload of the data file came to (the server's DataChangeEvent). */
export type ReloadOutcome = DataChangeEvent;

export interface MockConsoleOptions {
  /** Normalized (`/api` or ""). */
  basePath: string;
  data: Dataset;
  source: string;
  /** Re-reads the data file (the reload button); absent when the data came from no file. */
  reload?: () => Promise<ReloadOutcome>;
  /** The clock for log and reload times; default Date.now. */
  now?: () => number;
  /** Live mode (`mock --live`): what moves and over what time; undefined when off. */
  live?: () => string | undefined;
}

export interface MockConsole {
  /** `{base path}/_mock`: the node adapter routes every URL starting with it here. */
  readonly prefix: string;
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** The scenario switched on (NO_SCENARIO when none), for the core. */
  scenario(): Scenario;
  /** Logs an answered API request and sends it to the open pages. */
  record(entry: AnsweredRequest): void;
  /** A data swap: accepted (the new data) or refused (why). */
  dataChanged(change: { ok: true; counts: DatasetCounts; source: string } | { ok: false; error: ToolkitError }): void;
  /** Ends the event streams. */
  dispose(): void;
}

const MAX_BODY_BYTES = 65_536;

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

/** The JSON body of a POST, or why there is none: only `application/json` (a cross-site form cannot send it without a preflight, which the console does not answer). */
function readJsonBody(request: IncomingMessage): Promise<{ value: unknown } | { status: number; detail: string }> {
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return Promise.resolve({ status: 415, detail: "send the body as Content-Type: application/json" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on("end", () => {
      if (size > MAX_BODY_BYTES) return resolve({ status: 413, detail: `the body is over ${MAX_BODY_BYTES} bytes` });
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        resolve({ value: text.trim() === "" ? {} : (JSON.parse(text) as unknown) });
      } catch {
        resolve({ status: 400, detail: "the body is not valid JSON" });
      }
    });
    request.on("error", () => resolve({ status: 400, detail: "the body could not be read" }));
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
  const log = createRequestLog();
  const events = createEventStream();
  let dataset = datasetInfo(datasetCounts(options.data), options.source, iso());
  let scenario: Scenario = NO_SCENARIO;

  const state = (): unknown => ({ basePath: options.basePath, dataset: withLive(dataset), scenario: describeScenario(scenario) });

  async function setScenario(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJsonBody(request);
    if (!("value" in body)) return sendJson(response, body.status, fault(body.detail));
    const next = parseScenarioSwitch(body.value);
    if ("fault" in next) return sendJson(response, 400, fault(next.fault));
    scenario = next;
    const described = describeScenario(next);
    events.publish("scenario", described);
    sendJson(response, 200, { scenario: described });
  }

  async function reload(response: ServerResponse): Promise<void> {
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

  // The console's routes, after the prefix: method -> answer.
  const routes: Record<
    string,
    Partial<Record<string, (request: IncomingMessage, response: ServerResponse, query: string) => void | Promise<void>>>
  > = {
    "/": {
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
    "/events": { GET: (request, response) => events.subscribe(request, response) },
    "/api/state": { GET: (_request, response) => sendJson(response, 200, state()) },
    "/api/requests": {
      GET: (_request, response, query) => {
        const after = Number(new URLSearchParams(query).get("after") ?? 0);
        sendJson(response, 200, { requests: log.list(Number.isFinite(after) ? after : 0) });
      },
    },
    "/api/scenario": {
      GET: (_request, response) => sendJson(response, 200, { scenario: describeScenario(scenario) }),
      POST: setScenario,
    },
    "/api/reload": { POST: (_request, response) => reload(response) },
  };

  return {
    prefix,
    handle(request, response) {
      const url = request.url ?? "/";
      const q = url.indexOf("?");
      const path = (q === -1 ? url : url.slice(0, q)).slice(prefix.length);
      const query = q === -1 ? "" : url.slice(q + 1);
      // `/_mock` alone: to the page, whose relative links need the slash.
      if (path === "") {
        response.writeHead(308, { Location: `${prefix}/${q === -1 ? "" : url.slice(q)}`, "Content-Length": 0 });
        return void response.end();
      }
      const route = routes[path];
      if (route === undefined) return sendJson(response, 404, { detail: "Not Found" });
      const answer = route[request.method ?? "GET"];
      if (answer === undefined) return sendJson(response, 405, { detail: "Method Not Allowed" }, { Allow: Object.keys(route).join(", ") });
      void Promise.resolve(answer(request, response, query)).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, fault(String(error)));
        else response.destroy();
      });
    },
    scenario: () => scenario,
    record(entry) {
      const id = log.add(now(), entry);
      // Formatted only for open pages: with none, recording is one object into a ring slot.
      if (events.listening) events.publish("request", log.list(id - 1)[0]);
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

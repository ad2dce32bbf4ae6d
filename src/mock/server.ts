// The mock server as a factory (createMockServer: build, listen is the caller's choice) and as a
// started server (startMockServer: load the data, listen, watch the data file, close cleanly).
import { stat } from "node:fs/promises";
import { createServer, STATUS_CODES, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { escapeControl } from "../check/escape-control.js";
import { DEFAULT_DATASET_PATH, type Dataset } from "../types/dataset.js";
import { isToolkitError, ToolkitError } from "../errors.js";
import { listen } from "../io/listen.js";
import type { Observation } from "../coverage/observation.js";
import { readJsonFile } from "../io/read-json-file.js";
import { readDataFile } from "./load-dataset.js";
import { createMockHandler, normalizeBasePath, type MockHandler, type MockHandlerOptions } from "./handler.js";
import type { DataChangeEvent, MockServerOptions, RunningMockServer, ServedData } from "./options.js";
import { datasetCounts, describeCounts, type DatasetIndex } from "./dataset-index.js";
import { createDatasetLoader } from "./off-thread-loader.js";
import { loadDatasetIndex } from "./load-index.js";
import { watchDataFile } from "./watch-data-file.js";
import { prepareRecording } from "./recording.js";
import { boundPerConnection } from "./connection-bound.js";

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = "127.0.0.1";

/**
 * What createMockServer gives: a node:http Server (typed by the parts a caller needs, so the public
 * types need no @types/node; cast it to `Server` for the rest) with the mock handler attached.
 */
export interface MockHttpServer {
  readonly mock: MockHandler;
  readonly listening: boolean;
  listen(port?: number, host?: string, listeningListener?: () => void): this;
  address(): { address: string; family: string; port: number } | string | null;
  close(callback?: (error?: Error) => void): this;
  closeAllConnections(): void;
}

/** An unstarted server on `options.data` (checked: contract errors throw E_DATA_INVALID). */
export function createMockServer(options: MockHandlerOptions): MockHttpServer {
  return createNodeServer(options);
}

function createNodeServer(options: MockHandlerOptions, preloaded?: DatasetIndex): Server & { mock: MockHandler } {
  const handler = createMockHandler(options, preloaded);
  const server = createServer(boundPerConnection(handler, options.log === undefined ? {} : { log: options.log }));
  server.on("clientError", answerClientError);
  return Object.assign(server, { mock: handler });
}

/**
 * A request node cannot parse (headers too large: 431; anything else: 400) gets a JSON body with
 * CORS headers like every other answer, so a browser page sees the status instead of a CORS error.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = JSON.stringify({ detail: STATUS_CODES[status] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Access-Control-Allow-Origin: *\r\nAccess-Control-Expose-Headers: Preference-Applied\r\nConnection: close\r\n\r\n${body}`,
  );
}

const asToolkitError = (error: unknown): ToolkitError =>
  isToolkitError(error) ? error : new ToolkitError("E_FILE_UNREADABLE", String(error));

/** A host as it appears in a URL a browser can open (wildcard addresses mean this machine). */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/** A data file at least this large is loaded on a worker thread the first time too (see firstLoad). */
export const OFF_THREAD_FIRST_LOAD_BYTES = 8 * 1024 * 1024;

/**
 * The data to start with, read and checked once. A data file is read, checked and indexed in one
 * step (load-index.ts), a large one on a worker thread as a reload is: the main thread then holds
 * the index alone, never the records nor their garbage. Live mode needs the records themselves (its
 * story starts from them): they are read here, unchecked, and the mock's core checks them once.
 */
async function firstLoad(options: MockServerOptions, source: string): Promise<{ data: unknown } | { index: DatasetIndex }> {
  const file = options.dataFile;
  if (options.data !== undefined) return { data: options.data };
  if (file === undefined || options.live !== undefined) return { data: await readDataFile(file) };
  const size = await stat(file).then(
    (found) => found.size,
    () => 0, // the load says what is wrong with it
  );
  if (size < OFF_THREAD_FIRST_LOAD_BYTES) return { index: await loadDatasetIndex(file, options.anchor, source) };
  // Its own worker, at the main thread's priority (the reloads' lowers its own), gone once it is done.
  const loader = createDatasetLoader({ background: false });
  try {
    return { index: await loader.load(file, options.anchor, source) };
  } finally {
    void loader.close();
  }
}

/** The start-up summary: from the index, or from the records. */
function servedData(first: { data: unknown } | { index: DatasetIndex }): ServedData {
  const [counts, firstHumanEvaluationId] =
    "index" in first
      ? [first.index.counts, first.index.humanEvaluationById.keys().next().value]
      : [datasetCounts(first.data as Dataset), (first.data as Dataset).human_evaluations[0]?.id];
  return {
    summary: describeCounts(counts),
    appIds: counts.apps.map((app) => app.appId),
    ...(firstHumanEvaluationId === undefined ? {} : { firstHumanEvaluationId }),
  };
}

/** Loads the data, listens, and (with `dataFile`) reloads the file whenever it changes. */
export async function startMockServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  const source = options.source ?? options.dataFile ?? (options.data ? "data" : DEFAULT_DATASET_PATH);
  const first = await firstLoad(options, source);
  const host = options.host ?? DEFAULT_HOST;
  const file = options.dataFile;
  let closing: Promise<void> | undefined;

  // Reloads run one at a time, so the last change always wins; the file watcher and the console's
  // reload button share them. At most one runs and one waits: a request made while one waits joins
  // it (the waiting reload will read the file as it is then), so a burst of 50 is 2 reloads, not 50.
  const loader = createDatasetLoader();
  const log = (line: string): void => options.log?.(escapeControl(line));
  let running: Promise<DataChangeEvent> | undefined;
  let waiting: Promise<DataChangeEvent> | undefined;
  const run = (path: string): Promise<DataChangeEvent> => {
    const reload: Promise<DataChangeEvent> = reloadFile(path);
    running = reload;
    const done = (): void => {
      if (running === reload) running = undefined;
    };
    reload.then(done, done);
    return reload;
  };
  const queueReload = (path: string): Promise<DataChangeEvent> => {
    if (waiting !== undefined) return waiting;
    if (running === undefined) return run(path);
    const next = running.then(
      () => undefined,
      () => undefined,
    );
    waiting = next.then(() => {
      waiting = undefined;
      return run(path);
    });
    return waiting;
  };
  const settle = (outcome: DataChangeEvent, path: string): DataChangeEvent => {
    if (outcome.ok) log(`reloaded ${path}: ${outcome.summary}`);
    else log(`${outcome.error.code} ${outcome.error.message}; still serving the last good data`);
    options.onDataChange?.(outcome);
    return outcome;
  };
  const reloadFile = async (path: string): Promise<DataChangeEvent> => {
    options.onReloadStart?.(path);
    // Read, parsed, checked and indexed on a worker thread: requests keep being answered from the
    // last good data meanwhile, however big the file. Live mode needs the records themselves (its
    // story starts anew from them), so it reads them on this thread and setDataset checks them.
    let loaded: unknown;
    try {
      loaded = options.live ? await readJsonFile(path) : await loader.load(path, options.anchor);
    } catch (error) {
      const refused = asToolkitError(error);
      server.mock.refuseData(refused);
      return settle({ ok: false, error: refused }, path);
    }
    try {
      const summary = options.live ? server.mock.setDataset(loaded, path) : server.mock.setIndex(loaded as DatasetIndex, path);
      return settle({ ok: true, summary }, path);
    } catch (error) {
      // setDataset has told the console already.
      return settle({ ok: false, error: asToolkitError(error) }, path);
    }
  };

  // Checked now, replaced only once the mock listens (a busy port leaves the last recording alone).
  // The data file is an input: never a recording target, whatever path leads to it.
  const dataInput = file ?? (options.data === undefined ? DEFAULT_DATASET_PATH : undefined);
  const recording =
    options.recordFile === undefined
      ? undefined
      : await prepareRecording(
          options.recordFile,
          dataInput === undefined ? [] : [{ name: file === undefined ? "the embedded default dataset" : "the data file", path: dataInput }],
          log,
        );
  const record =
    recording === undefined
      ? options.record
      : (observation: Observation): void => {
          recording.write(observation);
          options.record?.(observation);
        };
  const server = createNodeServer(
    {
      ...options,
      ...(record === undefined ? {} : { record }),
      data: "data" in first ? (first.data as Dataset) : { evaluations: [], human_evaluations: [] },
      source,
      host,
      ...(file === undefined ? {} : { reload: () => queueReload(file) }),
    },
    "index" in first ? first.index : undefined,
  );
  const served = servedData(first);
  const port = await listen(server, options.port ?? DEFAULT_PORT, host).catch(async (error: unknown) => {
    await recording?.close();
    throw error;
  });
  if (recording !== undefined)
    await recording.start().catch(async (error: unknown) => {
      server.mock.dispose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw error;
    });

  let stopWatching = (): void => {};
  if (file !== undefined)
    stopWatching = watchDataFile(
      file,
      () => {
        if (!closing) void queueReload(file);
      },
      { log },
    );

  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((resolve, reject) => {
      stopWatching();
      void loader.close();
      // dispose() tells the last turn's requests, recorded ones included, before the recording ends.
      server.mock.dispose();
      server.close((error) => {
        const closed = recording?.close() ?? Promise.resolve();
        closed.then(() => (error ? reject(error) : resolve()), reject);
      });
      server.closeAllConnections();
    }));

  const url = `http://${urlHost(host)}:${port}${normalizeBasePath(options.basePath)}`;
  const live = server.mock.liveSummary();
  const { requests, clearRequests } = server.mock;
  return live === undefined
    ? { url, port, served, requests, clearRequests, close }
    : { url, port, served, live, requests, clearRequests, close };
}

// The mock server's public option and handle types (what consumers' tests code against).
import type { Dataset } from "../types/dataset.js";
import type { CompatMode } from "../contract/error-bodies.js";
import type { CorsMode } from "./cors.js";
import type { DataChangeEvent, Scheduler } from "./types.js";
import type { LiveMockOptions } from "./live.js";
import type { Observation } from "../coverage/observation.js";
import type { JournalEntry, JournalFilter } from "./journal.js";

export interface MockServerOptions {
  /** The records to serve; default: the file at `dataFile`, else the embedded default dataset. */
  data?: Dataset;
  /** Names the data in messages and the console (default: `dataFile`, else "data"). */
  source?: string;
  /** A data file to serve (when `data` is absent) and to watch: a changed file is reloaded. */
  dataFile?: string;
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /**
   * Hosts the console answers besides this machine's names and IPs and `host` (DNS rebinding guard,
   * like Vite's `server.allowedHosts`): a proxy's or a container's name; `.example.com` includes its
   * subdomains. The service's own routes answer any Host.
   */
  allowedHosts?: readonly string[];
  /** A prefix for every path, e.g. `/api` (the real service's public base URL ends in `/api`). */
  basePath?: string;
  /** Latency added to every response unless a request asks for another (`Prefer: delay=`). */
  delayMs?: number;
  /** Whose error answers to give: `v1` (FastAPI + pydantic 1, default), `v2` (pydantic 2), `legacy` (the spec-era 500s). */
  compat?: CompatMode;
  /** `any` (default): CORS preflights for any method, as the real service; `strict`: GET only. */
  cors?: CorsMode;
  /**
   * Live mode: queued and running evaluations and human evaluations move to their final status
   * over `durationMs` (default 30 s), deterministically for the `seed`; `clock` (epoch ms) is for tests.
   */
  live?: LiveMockOptions;
  /**
   * Moves the data in time so that its newest timestamp is this instant (epoch ms), every timestamp
   * alike (queued and running records then read as recent); a fixed value keeps the answers
   * byte-stable. Default: live mode anchors at its start, otherwise the data is served as it is.
   * The CLI's `--now`.
   */
  anchor?: number;
  /** Holds delayed replies (default setTimeout); a test's own releases them by hand (see Scheduler). */
  schedule?: Scheduler;
  /**
   * Receives one line per request (`GET /evaluations?app_id=x 200 0.3ms`), once its reply is written
   * (the lines of one event-loop turn together, at its end), and one per data reload.
   */
  log?: (line: string) => void;
  /**
   * Receives an observation of each answered request to the service (src/coverage/observation.ts), as
   * its answer is written.
   */
  record?: (observation: Observation) => void;
  /**
   * Writes those observations to this file, one JSON line each (NDJSON), for `evals-contract coverage`:
   * `mock --record FILE`. The file is an output: replaced once the mock listens, complete once it closes;
   * never the data file (E_USAGE); opened anew if it is deleted while the mock runs (src/mock/recording.ts).
   */
  recordFile?: string;
  /** Serve the mock console at `{basePath}/_mock/` (default true; see docs/mock.md). */
  console?: boolean;
  /** Called when a reload of `dataFile` starts (the file is then read and checked off the main thread). */
  onReloadStart?: (file: string) => void;
  /** Called after each reload attempt of `dataFile`: the new data, or why it was refused. */
  onDataChange?: (event: DataChangeEvent) => void;
}

export type { DataChangeEvent } from "./types.js";

export interface RunningMockServer {
  /** `http://host:port` + base path, without a trailing slash. */
  url: string;
  port: number;
  /** What was served at start (the CLI's start-up lines). */
  served: ServedData;
  /** Live mode: what moves and over what time, e.g. `7 evaluations and 12 human evaluations move ... over 30s`. */
  live?: string;
  /**
   * The request journal: every request the mock answered or faulted (the last 1,000 of each session,
   * 10,000 in all), oldest first; `operation`, `session` and `since` (an entry id, or an instant)
   * filter it. What `GET /_mock/api/requests` serves.
   */
  requests(filter?: JournalFilter): JournalEntry[];
  /** Forgets the journal, or one session's entries (`DELETE /_mock/api/requests[?session=NAME]`); returns how many. */
  clearRequests(session?: string): number;
  /** Stops watching, drops open connections and pending delayed responses, and stops listening. */
  close(): Promise<void>;
}

/** What a mock serves, in brief. */
export interface ServedData {
  /** `100 evaluations, 40 human evaluations, 5 apps`. */
  summary: string;
  /** The app ids, in order of first appearance (evaluations first). */
  appIds: string[];
  /** The id of the first human evaluation, if there is one. */
  firstHumanEvaluationId?: string;
}

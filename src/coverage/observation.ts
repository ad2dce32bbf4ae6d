// One observation: what one answered request showed of the contract's surface and of the client
// cases (src/contract/client-cases.ts). The mock (--record), the MSW handlers, a HAR file, and the
// verify and fuzz reports all describe their traffic as these, one JSON object per line (NDJSON).
// Browser-safe: no Node built-in.
import { casesInBody, DELAYED_MS, surfaceOf } from "../contract/client-cases.js";
import type { OperationId } from "../contract/operations.js";

/** The consumer's traffic (its tests against the mock, MSW, or a recorded session) or the provider's real answers. */
export type ObservationSide = "consumer" | "provider";
export type ObservationSource = "mock" | "msw" | "har" | "verify" | "fuzz";

export interface Observation {
  /** The line format's version. */
  v: 1;
  side: ObservationSide;
  source: ObservationSource;
  /** `GET /evaluations?app_id=...`, relative to the base URL. */
  request: string;
  operationId: OperationId;
  status: number;
  /** The surface items the request and status show (`status-200`, `trailing-slash`, ...). */
  surface: string[];
  /** The client cases the answer shows (`evaluation-status-failed`, `empty-list`, `delayed`, ...). */
  cases: string[];
  /** The mock's scenario, when one applied (`Prefer: code=500`). */
  scenario?: string;
  /** How many requests this line stands for (default 1): reports fold the observations that are alike, `request` being the first. */
  count?: number;
}

const LIST_EVALUATIONS = /(?:^|\/)evaluations\/?$/;
const LIST_HUMAN = /(?:^|\/)human-evaluations\/?$/;
const BY_ID = /(?:^|\/)human-evaluations\/[^/]+\/?$/;

/** The operation a path names, from its last segments (any base path before them); undefined for other paths. */
export function operationOfPath(path: string): OperationId | undefined {
  if (LIST_HUMAN.test(path)) return "listHumanEvaluations";
  if (BY_ID.test(path)) return "getHumanEvaluation";
  if (LIST_EVALUATIONS.test(path)) return "listEvaluations";
  return undefined;
}

/** What precedes the service's own path in `path` (`/api` in `/api/evaluations`). */
function servicePrefix(path: string, operationId: OperationId): string {
  const segment = operationId === "listEvaluations" ? "/evaluations" : "/human-evaluations";
  const at = path.lastIndexOf(segment, operationId === "getHumanEvaluation" ? path.replace(/\/$/, "").lastIndexOf("/") : undefined);
  return at > 0 ? path.slice(0, at) : "";
}

export interface AnsweredRequest {
  side: ObservationSide;
  source: ObservationSource;
  method: string;
  /** Path and query as sent (a base path before the service's paths is allowed). */
  url: string;
  status: number;
  /** The parsed body, or a function giving it (called only for a 200), or undefined. */
  body?: unknown;
  /** How long the answer took (or was held), when known. */
  durationMs?: number;
  scenario?: string;
  /** The base path to strip from `request` (`/api`). */
  basePath?: string;
}

/** The observation of one answered request, or undefined when it is no request to the service (another path, another method). */
export function observe(answered: AnsweredRequest): Observation | undefined {
  if (answered.method !== "GET") return undefined;
  const mark = answered.url.indexOf("?");
  const path = mark === -1 ? answered.url : answered.url.slice(0, mark);
  const operationId = operationOfPath(path);
  if (operationId === undefined) return undefined;
  const query = new URLSearchParams(mark === -1 ? "" : answered.url.slice(mark + 1));
  // Relative to the base URL: the mock's base path cut, or (a HAR, whose base is unknown) whatever
  // precedes the service's path, so that every source names one request alike.
  const base = answered.basePath ?? servicePrefix(path, operationId);
  const relative = base !== "" && answered.url.startsWith(base) ? answered.url.slice(base.length) : answered.url;
  const cases = answered.status === 200 && answered.body !== undefined ? casesInBody(operationId, answered.body) : [];
  if ((answered.durationMs ?? 0) >= DELAYED_MS) cases.push("delayed");
  const observation: Observation = {
    v: 1,
    side: answered.side,
    source: answered.source,
    request: `GET ${relative}`,
    operationId,
    status: answered.status,
    surface: surfaceOf(operationId, path, query, answered.status),
    cases,
  };
  if (answered.scenario !== undefined && answered.scenario !== "") observation.scenario = answered.scenario;
  return observation;
}

/** One NDJSON line (with its newline). */
export const observationLine = (observation: Observation): string => `${JSON.stringify(observation)}\n`;

/** Folds observations as they come: `add` one, `values` the folded lines so far (see foldObservations). */
export interface ObservationFolder {
  add(observation: Observation): void;
  values(): Observation[];
  /** How many folded lines so far. */
  readonly size: number;
}

/**
 * Observations alike (operation, status, surface, cases, scenario) become one with a count, the first's
 * request kept. A fuzz run of a million requests is a few hundred lines.
 */
export function createObservationFolder(): ObservationFolder {
  const folded = new Map<string, Observation>();
  return {
    add(observation) {
      const key = JSON.stringify([
        observation.side,
        observation.source,
        observation.operationId,
        observation.status,
        observation.surface,
        observation.cases,
        observation.scenario,
      ]);
      const known = folded.get(key);
      if (known === undefined) folded.set(key, { ...observation });
      else known.count = (known.count ?? 1) + (observation.count ?? 1);
    },
    values: () => [...folded.values()],
    get size() {
      return folded.size;
    },
  };
}

/** The observations folded (createObservationFolder over all of them). */
export function foldObservations(observations: Iterable<Observation>): Observation[] {
  const folder = createObservationFolder();
  for (const observation of observations) folder.add(observation);
  return folder.values();
}

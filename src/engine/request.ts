// A request as the engine sends it: the operation it exercises, the method, the raw path and query
// (already percent-encoded exactly as they go on the wire), headers and body. Verify plans the
// well-behaved ones, fuzz the odd ones; both send them through the one client (http-client.ts).
import { OPERATIONS, type OperationId } from "../contract/operations.js";

export interface PlannedRequest {
  operationId: OperationId;
  method: string;
  /** Relative to the base URL, starting with `/`: `/human-evaluations/%F0%9F%98%80`. */
  path: string;
  /** Raw name and value pairs, in order; a value of `null` sends the name alone (`?app_id`). */
  query: Array<[string, string | null]>;
  /** Request headers (names lower-case), in order. */
  headers: Array<[string, string]>;
  /** A few bytes at most (a provider that wrongly accepts a write must not get anything to store). */
  body?: string;
  /** What kind of request it is, e.g. `app_id: emoji`, `method: POST`, `list of the app`. */
  label: string;
}

/** Path and query as they go on the wire. */
export function targetOf(request: Pick<PlannedRequest, "path" | "query">): string {
  if (request.query.length === 0) return request.path;
  const pairs = request.query.map(([name, value]) => (value === null ? name : `${name}=${value}`));
  return `${request.path}?${pairs.join("&")}`;
}

/** `GET /evaluations?app_id=...`: how a finding names its request. */
export const requestLine = (request: Pick<PlannedRequest, "method" | "path" | "query">): string => `${request.method} ${targetOf(request)}`;

/** The methods that write: the service has none (seed, section 1). */
export const WRITE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const LIST_PATHS: ReadonlyArray<[string, OperationId]> = [
  [OPERATIONS.listEvaluations.path, "listEvaluations"],
  [OPERATIONS.listHumanEvaluations.path, "listHumanEvaluations"],
];

/** The operation a well-behaved path exercises (either form, `/evaluations` or `/evaluations/`). */
export function operationOfPath(path: string): OperationId {
  const bare = path.length > 1 ? path.replace(/\/$/, "") : path;
  return LIST_PATHS.find(([listPath]) => listPath === bare)?.[1] ?? "getHumanEvaluation";
}

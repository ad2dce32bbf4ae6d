// The endpoints the verifier calls, as request paths and as report labels. Labels are templates
// (`{app_id}`, `{unknown}`, `{evaluation_id}`) so a report groups by endpoint whatever the ids;
// each finding names its concrete request.
import { OPERATIONS, pathFor, type OperationId } from "../contract/operations.js";

export type ListOperationId = Exclude<OperationId, "getHumanEvaluation">;
export const LIST_OPERATIONS: readonly ListOperationId[] = ["listEvaluations", "listHumanEvaluations"];

/** Which app_id a list request carries: the one under test, a random unknown one, or none at all. */
export type AppIdKind = "app" | "unknown" | "none";

const APP_PLACEHOLDER: Record<AppIdKind, string> = { app: "{app_id}", unknown: "{unknown}", none: "" };

/** Every path in both forms: the real service serves `/evaluations` and `/evaluations/` alike (domain notes). */
export const withSlash = (path: string, slash: boolean): string => (slash ? `${path}/` : path);

export const listPath = (operationId: ListOperationId, slash: boolean): string => withSlash(OPERATIONS[operationId].path, slash);

export function listLabel(operationId: ListOperationId, slash: boolean, kind: AppIdKind): string {
  const query = kind === "none" ? "" : `?app_id=${APP_PLACEHOLDER[kind]}`;
  return `GET ${listPath(operationId, slash)}${query}`;
}

export const byIdPath = (evaluationId: string, slash: boolean): string =>
  withSlash(pathFor("getHumanEvaluation", { evaluation_id: evaluationId }), slash);

export const byIdLabel = (slash: boolean, placeholder: "{evaluation_id}" | "{unknown}" | "{malformed}" = "{evaluation_id}"): string =>
  `GET ${withSlash(OPERATIONS.getHumanEvaluation.path.replace("{evaluation_id}", placeholder), slash)}`;

/** The label of the endpoint a Pact interaction of `operationId` exercises. */
export const mainLabel = (operationId: OperationId): string =>
  operationId === "getHumanEvaluation" ? byIdLabel(false) : listLabel(operationId, false, "app");

/** The order endpoints appear in a report. */
export const ENDPOINT_ORDER: readonly string[] = [
  ...LIST_OPERATIONS.flatMap((op) => [
    listLabel(op, false, "app"),
    listLabel(op, true, "app"),
    listLabel(op, false, "none"),
    listLabel(op, true, "none"),
    listLabel(op, false, "unknown"),
  ]),
  byIdLabel(false),
  byIdLabel(true),
  byIdLabel(false, "{unknown}"),
  byIdLabel(false, "{malformed}"),
];

/** The ids that tell the endpoints of a request apart (the app under test, the random unknown ones). */
export interface RequestIds {
  appId?: string;
  unknownAppId: string;
  unknownEvaluationId: string;
  malformedEvaluationId: string;
}

/** The endpoint label of a concrete request (`GET /evaluations/?app_id=X` -> `GET /evaluations/?app_id={app_id}`). */
export function labelOfRequest(request: string, ids: RequestIds): string | undefined {
  const url = new URL(request.replace(/^GET /, ""), "http://provider");
  const slash = url.pathname.length > 1 && url.pathname.endsWith("/");
  const bare = slash ? url.pathname.slice(0, -1) : url.pathname;
  const list = LIST_OPERATIONS.find((op) => listPath(op, false) === bare);
  if (list !== undefined) {
    const appId = url.searchParams.get("app_id");
    return listLabel(list, slash, appId === null ? "none" : appId === ids.unknownAppId && appId !== ids.appId ? "unknown" : "app");
  }
  const byId = /^\/human-evaluations\/([^/]+)$/.exec(bare);
  if (byId === null) return undefined;
  const id = decodeURIComponent(byId[1]!);
  return byIdLabel(
    slash,
    id === ids.unknownEvaluationId ? "{unknown}" : id === ids.malformedEvaluationId ? "{malformed}" : "{evaluation_id}",
  );
}

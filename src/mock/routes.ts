// The route table: one entry per operation, its path taken from OPERATIONS (written once, in
// src/contract/operations.ts) and its resolver keyed by operation id (msw-style path -> resolver).
import { OPERATION_IDS, OPERATIONS, type OperationId } from "../contract/operations.js";
import type { DatasetIndex } from "./dataset-index.js";
import { EMPTY_LIST } from "./dataset-index.js";
import { EVALUATION_NOT_FOUND, MISSING_APP_ID } from "./error-bodies.js";

export interface Reply {
  status: number;
  body: Buffer;
}

export interface ResolveInput {
  index: DatasetIndex;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams | undefined;
  /** The `example=empty` scenario: lists answer `[]`. */
  empty: boolean;
}

export type Resolver = (input: ResolveInput) => Reply;

export interface Route {
  operationId: OperationId;
  pattern: RegExp;
  paramNames: string[];
  resolve: Resolver;
}

/** Starlette reads a repeated query parameter's last value; a missing or empty app_id is a 422. */
function listOf(pick: (index: DatasetIndex) => ReadonlyMap<string, Buffer>): Resolver {
  return ({ index, query, empty }) => {
    const values = query?.getAll("app_id") ?? [];
    const appId = values[values.length - 1];
    if (!appId) return { status: 422, body: MISSING_APP_ID };
    return { status: 200, body: empty ? EMPTY_LIST : (pick(index).get(appId) ?? EMPTY_LIST) };
  };
}

export const RESOLVERS: Readonly<Record<OperationId, Resolver>> = {
  listEvaluations: listOf((index) => index.evaluationsByApp),
  listHumanEvaluations: listOf((index) => index.humanEvaluationsByApp),
  getHumanEvaluation: ({ index, params }) => {
    const body = index.humanEvaluationById.get(params.evaluation_id ?? "");
    return body ? { status: 200, body } : { status: 404, body: EVALUATION_NOT_FOUND };
  },
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");

/** `/human-evaluations/{evaluation_id}` -> /^\/human-evaluations\/([^/]+)$/ and ["evaluation_id"]. */
export function compilePath(template: string): { pattern: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{([^}]+)\}$/.exec(part);
      if (!param) return escapeRegExp(part);
      paramNames.push(param[1]!);
      return "([^/]+)";
    })
    .join("");
  return { pattern: new RegExp(`^${source}$`), paramNames };
}

export const ROUTES: readonly Route[] = OPERATION_IDS.map((operationId) => ({
  operationId,
  ...compilePath(OPERATIONS[operationId].path),
  resolve: RESOLVERS[operationId],
}));

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The route and path parameters for a path already stripped of base path and trailing slash. */
export function matchRoute(path: string): { route: Route; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, i) => (params[name] = decode(match[i + 1]!)));
    return { route, params };
  }
  return undefined;
}

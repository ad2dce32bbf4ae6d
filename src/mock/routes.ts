// The route table: one entry per operation, its path taken from OPERATIONS (written once, in
// src/contract/operations.ts) and its resolver keyed by operation id (msw-style path -> resolver).
import {
  evaluationNotFound,
  isObjectId,
  LEGACY_UNKNOWN_APP,
  legacyInvalidObjectId,
  missingAppId,
  type CompatMode,
} from "../contract/error-bodies.js";
import { OPERATION_IDS, OPERATIONS, type OperationId } from "../contract/operations.js";
import { utf8Bytes } from "./bytes.js";
import type { DatasetIndex } from "./dataset-index.js";
import { EMPTY_LIST } from "./dataset-index.js";

export interface Reply {
  status: number;
  body: Uint8Array;
}

export interface ResolveInput {
  index: DatasetIndex;
  /** Path parameters, already percent-decoded (as Starlette routes on the decoded path). */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams | undefined;
  /** The `example=empty` scenario: lists answer `[]`. */
  empty: boolean;
  compat: CompatMode;
}

export type Resolver = (input: ResolveInput) => Reply;

export interface Route {
  operationId: OperationId;
  pattern: RegExp;
  paramNames: string[];
  resolve: Resolver;
}

const reply = (answer: { status: number; body: string }): Reply => ({ status: answer.status, body: utf8Bytes(answer.body) });

// The error answers are the same bytes on every request: built once per mode.
const MISSING_APP_ID: Readonly<Record<CompatMode, Reply>> = {
  v1: reply(missingAppId("v1")),
  v2: reply(missingAppId("v2")),
  legacy: reply(missingAppId("legacy")),
};
const NOT_FOUND_BY_ID: Readonly<Record<CompatMode, Reply>> = {
  v1: reply(evaluationNotFound("v1")),
  v2: reply(evaluationNotFound("v2")),
  legacy: reply(evaluationNotFound("legacy")),
};
const UNKNOWN_APP_LEGACY = reply(LEGACY_UNKNOWN_APP);

/** Starlette reads a repeated query parameter's last value; an absent app_id is the framework's 422. */
function appIdOf(query: URLSearchParams | undefined): string | undefined {
  const values = query?.getAll("app_id") ?? [];
  return values[values.length - 1];
}

/**
 * A list endpoint. v1/v2 filter by the string given (`""` or an unknown app: `[]`). legacy passes
 * app_id through bson's ObjectId() first (a malformed one is a 500) and, on /evaluations only,
 * looks the app up and dereferences it (an unknown app is a 500); ObjectId() lower-cases the hex.
 */
function listOf(pick: (index: DatasetIndex) => ReadonlyMap<string, Uint8Array>, needsApp: boolean): Resolver {
  return ({ index, query, empty, compat }) => {
    const appId = appIdOf(query);
    if (appId === undefined) return MISSING_APP_ID[compat];
    if (compat !== "legacy") return { status: 200, body: empty ? EMPTY_LIST : (pick(index).get(appId) ?? EMPTY_LIST) };
    if (!isObjectId(appId)) return reply(legacyInvalidObjectId(appId));
    const app = appId.toLowerCase();
    if (needsApp && !index.appIds.has(app)) return UNKNOWN_APP_LEGACY;
    return { status: 200, body: empty ? EMPTY_LIST : (pick(index).get(app) ?? EMPTY_LIST) };
  };
}

export const RESOLVERS: Readonly<Record<OperationId, Resolver>> = {
  listEvaluations: listOf((index) => index.evaluationsByApp, true),
  listHumanEvaluations: listOf((index) => index.humanEvaluationsByApp, false),
  getHumanEvaluation: ({ index, params, compat }) => {
    let id = params.evaluation_id ?? "";
    if (compat === "legacy") {
      if (!isObjectId(id)) return reply(legacyInvalidObjectId(id));
      id = id.toLowerCase();
    }
    const body = index.humanEvaluationById.get(id);
    return body ? { status: 200, body } : NOT_FOUND_BY_ID[compat];
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

/** The route and path parameters for a decoded path already stripped of base path and trailing slash. */
export function matchRoute(path: string): { route: Route; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, i) => (params[name] = match[i + 1]!));
    return { route, params };
  }
  return undefined;
}

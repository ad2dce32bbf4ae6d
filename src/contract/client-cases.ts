// The service's surface and the cases a client must survive, named once: every coverage count, hint
// and report uses these ids. The surface is each operation's statuses and parameter forms (seed,
// section 4, and what the real service answers where the seed is silent); the client-survival cases
// are the shapes of real data a frontend breaks on (domain notes, last paragraph), each recognised in
// a response body by one function.
import { isJsonList } from "../types/json.js";
import type { OperationId } from "./operations.js";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Where a case is looked for: in each automatic evaluation, each human evaluation, a list, or the answer itself. */
export type CaseScope = "evaluation" | "human-evaluation" | "list" | "answer";

export interface ClientCase {
  id: string;
  scope: CaseScope;
  /** What it is, in a few words. */
  label: string;
  /** How to make the mock (or a provider's data) show it. */
  hint: string;
  /** Whether one record (or, for `list`, one list body) shows it. Absent for `answer` cases (seen on the answer). */
  recognize?: (value: Json) => boolean;
  /** Only a mock makes it (a forced delay): not counted for a provider. */
  forced?: true;
}

const results = (record: Json): Json[] => array(record.aggregated_results).filter(isObject);
const statusValue = (value: string) => (record: Json) => isObject(record.status) && record.status.value === value;
const COSTS = ["average_cost", "total_cost", "average_latency"] as const;

const FIXTURES_HINT = "the mock's default data has it (fixtures --seed N keeps it in every dataset of the default size)";

export const CLIENT_CASES: readonly ClientCase[] = [
  ...(
    [
      ["EVALUATION_INITIALIZED", "queued", "mock --live (queued records move on), or the default data"],
      ["EVALUATION_STARTED", "running", "mock --live, or the default data"],
      ["EVALUATION_FINISHED", "finished", FIXTURES_HINT],
      ["EVALUATION_FINISHED_WITH_ERRORS", "finished with errors", FIXTURES_HINT],
      ["EVALUATION_FAILED", "failed", FIXTURES_HINT],
      ["EVALUATION_AGGREGATION_FAILED", "aggregation failed", FIXTURES_HINT],
    ] as const
  ).map(([value, label, hint]): ClientCase => ({
    id: `evaluation-status-${value.slice("EVALUATION_".length).toLowerCase().replace(/_/g, "-")}`,
    scope: "evaluation",
    label: `status ${value} (${label})`,
    hint,
    recognize: statusValue(value),
  })),
  {
    id: "evaluation-status-error",
    scope: "evaluation",
    label: "a status with an error (message and stacktrace)",
    hint: FIXTURES_HINT,
    recognize: (r) => isObject(r.status) && isObject(r.status.error),
  },
  {
    id: "evaluation-error-result",
    scope: "evaluation",
    label: "an aggregated result that is an error Result",
    hint: FIXTURES_HINT,
    recognize: (r) => results(r).some((a) => isObject(a.result) && a.result.type === "error"),
  },
  {
    id: "evaluation-null-aggregate",
    scope: "evaluation",
    label: "an aggregated result whose value is null",
    hint: FIXTURES_HINT,
    recognize: (r) => results(r).some((a) => isObject(a.result) && a.result.type !== "error" && a.result.value === null),
  },
  {
    id: "evaluation-deleted-evaluator-config",
    scope: "evaluation",
    label: "a deleted evaluator config ({})",
    hint: FIXTURES_HINT,
    recognize: (r) => results(r).some((a) => isObject(a.evaluator_config) && Object.keys(a.evaluator_config).length === 0),
  },
  {
    id: "evaluation-null-cost",
    scope: "evaluation",
    label: "null costs and latency (still running)",
    hint: "mock --live, or the default data (running records)",
    recognize: (r) => COSTS.some((field) => r[field] === null),
  },
  {
    id: "evaluation-cost-error",
    scope: "evaluation",
    label: "a cost or latency that is an error Result",
    hint: FIXTURES_HINT,
    recognize: (r) => COSTS.some((field) => isObject(r[field]) && (r[field] as Json).type === "error"),
  },
  {
    id: "evaluation-testset-deleted",
    scope: "evaluation",
    label: 'a deleted test set (testset_id "")',
    hint: FIXTURES_HINT,
    recognize: (r) => r.testset_id === "" || r.testset_name === "",
  },
  {
    id: "evaluation-empty-username",
    scope: "evaluation",
    label: 'an empty user_username ("")',
    hint: FIXTURES_HINT,
    recognize: (r) => r.user_username === "",
  },
  {
    id: "evaluation-deleted-variant",
    scope: "evaluation",
    label: "a deleted variant (its name falls back to its id)",
    hint: FIXTURES_HINT,
    recognize: (r) => array(r.variant_names).some((name, i) => typeof name === "string" && name === array(r.variant_ids)[i]),
  },
  {
    id: "human-a-b-test",
    scope: "human-evaluation",
    label: "an A/B test (human_a_b_testing, two variants)",
    hint: FIXTURES_HINT,
    recognize: (r) => r.evaluation_type === "human_a_b_testing",
  },
  {
    id: "human-single-model",
    scope: "human-evaluation",
    label: "a single-model test (single_model_test)",
    hint: FIXTURES_HINT,
    recognize: (r) => r.evaluation_type === "single_model_test",
  },
  {
    id: "human-finished",
    scope: "human-evaluation",
    label: "finished (EVALUATION_FINISHED: the client shows view)",
    hint: FIXTURES_HINT,
    recognize: (r) => r.status === "EVALUATION_FINISHED",
  },
  {
    id: "human-unfinished",
    scope: "human-evaluation",
    label: "not finished (any other status: the client shows continue)",
    hint: FIXTURES_HINT,
    recognize: (r) => typeof r.status === "string" && r.status !== "EVALUATION_FINISHED",
  },
  {
    id: "human-testset-deleted",
    scope: "human-evaluation",
    label: 'a deleted test set (testset_id "")',
    hint: FIXTURES_HINT,
    recognize: (r) => r.testset_id === "" || r.testset_name === "",
  },
  {
    id: "empty-list",
    scope: "list",
    label: "an empty list ([])",
    hint: "an app without records (an unknown app_id), or ?__empty=1 / Prefer: example=empty on the mock",
  },
  {
    id: "delayed",
    scope: "answer",
    label: "a slow answer (1 s or more)",
    hint: "?__delay=2000 or Prefer: delay=2000 on the mock (or mock --delay 2000)",
    forced: true,
  },
];

export type ClientCaseId = string;

export const CLIENT_CASE_IDS: readonly string[] = CLIENT_CASES.map((c) => c.id);

/** An answer this slow counts as `delayed`. */
export const DELAYED_MS = 1000;

const BY_SCOPE = (scope: CaseScope): readonly ClientCase[] => CLIENT_CASES.filter((c) => c.scope === scope);
const EVALUATION = BY_SCOPE("evaluation");
const HUMAN = BY_SCOPE("human-evaluation");

/** The client cases a 200 body of `operationId` shows, in CLIENT_CASES order. A list's body may be a JsonList (a long list parsed record by record). */
export function casesInBody(operationId: OperationId, body: unknown): string[] {
  const found = new Set<string>();
  const records: Iterable<unknown> = operationId === "getHumanEvaluation" ? [body] : isJsonList(body) ? body : [];
  if (operationId !== "getHumanEvaluation" && isJsonList(body) && body.length === 0) found.add("empty-list");
  const cases = operationId === "listEvaluations" ? EVALUATION : HUMAN;
  for (const record of records) {
    if (!isObject(record)) continue;
    for (const c of cases) if (!found.has(c.id) && c.recognize!(record)) found.add(c.id);
    // Every case of the scope found: the rest of the records cannot add one.
    if (found.size === cases.length) break;
  }
  return CLIENT_CASE_IDS.filter((id) => found.has(id));
}

/**
 * The surface of each operation: the statuses it can answer and the parameter forms a client sends.
 * `status-5xx` is a forced server error (the mock's `Prefer: code=500`), never one the contract documents.
 */
export interface SurfaceItem {
  id: string;
  label: string;
  hint: string;
  /** Only a mock makes it (a forced error): a consumer's tests should see it, a provider's data never shows it. */
  forced?: true;
}

/** A list operation's surface; `path` names it in the hints. */
const listSurface = (path: string): readonly SurfaceItem[] => [
  { id: "status-200", label: "200 with the list", hint: `${path}?app_id=ID` },
  { id: "status-422", label: "422 (app_id missing, or forced)", hint: `${path} with no app_id` },
  { id: "status-5xx", label: "a 5xx (forced)", hint: "Prefer: code=500 or ?__code=500 on the mock", forced: true },
  { id: "with-app-id", label: "with app_id", hint: `${path}?app_id=ID` },
  { id: "without-app-id", label: "without app_id", hint: `${path} with no query` },
  { id: "trailing-slash", label: "the /path/ form (the real web client's)", hint: `${path}/?app_id=ID` },
];

const BY_ID_SURFACE: readonly SurfaceItem[] = [
  { id: "status-200", label: "200 with the record", hint: "the id of a listed human evaluation" },
  { id: "status-404", label: "404: unknown id", hint: "a well-formed id that no record has" },
  { id: "status-422", label: "422 (forced)", hint: "Prefer: code=422 or ?__code=422 on the mock", forced: true },
  { id: "status-5xx", label: "a 5xx (forced)", hint: "Prefer: code=500 or ?__code=500 on the mock", forced: true },
  { id: "malformed-id", label: "a malformed id (not 24 hex characters)", hint: "/human-evaluations/not-an-id" },
  { id: "trailing-slash", label: "the /path/ form (the real web client's)", hint: "/human-evaluations/ID/" },
];

export const SURFACE: Readonly<Record<OperationId, readonly SurfaceItem[]>> = {
  listEvaluations: listSurface("/evaluations"),
  listHumanEvaluations: listSurface("/human-evaluations"),
  getHumanEvaluation: BY_ID_SURFACE,
};

const SURFACE_IDS: Readonly<Record<OperationId, ReadonlySet<string>>> = {
  listEvaluations: new Set(SURFACE.listEvaluations.map((s) => s.id)),
  listHumanEvaluations: new Set(SURFACE.listHumanEvaluations.map((s) => s.id)),
  getHumanEvaluation: new Set(SURFACE.getHumanEvaluation.map((s) => s.id)),
};

/** The client cases counted per operation: what its bodies can show. */
export function casesOf(operationId: OperationId): readonly ClientCase[] {
  const scoped = operationId === "listEvaluations" ? EVALUATION : HUMAN;
  const list = operationId === "getHumanEvaluation" ? [] : BY_SCOPE("list");
  return [...scoped, ...list, ...BY_SCOPE("answer")];
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** The surface items one request and its status show (the request's path relative to the base URL). */
export function surfaceOf(operationId: OperationId, path: string, query: URLSearchParams, status: number): string[] {
  const items: string[] = [];
  if (status === 200 || status === 404 || status === 422) items.push(`status-${status}`);
  else if (status >= 500) items.push("status-5xx");
  if (path.endsWith("/")) items.push("trailing-slash");
  if (operationId === "getHumanEvaluation") {
    const raw = path.replace(/\/$/, "").split("/").at(-1) ?? "";
    let id = raw;
    try {
      id = decodeURIComponent(raw);
    } catch {
      // Invalid percent-encoding: malformed as it is.
    }
    if (!OBJECT_ID.test(id)) items.push("malformed-id");
  } else items.push(query.has("app_id") ? "with-app-id" : "without-app-id");
  return items.filter((id) => SURFACE_IDS[operationId].has(id));
}

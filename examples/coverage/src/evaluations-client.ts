// The frontend's client of the Evaluation Listing Service: the evaluations of an app as table rows,
// its human evaluations split by type, and one human evaluation by id. It knows the service's odd
// answers: a failed evaluation carries status.error, costs are null while an evaluation runs or an
// error Result when they could not be computed, a deleted evaluator config is `{}`, an unknown id is
// a 404 and a malformed request a 422 (`{"detail": ...}`).
import type { Evaluation, HumanEvaluation, Result } from "evals-contract";

export interface ClientOptions {
  /** The service's origin and base path, e.g. `https://evaluations.example.com`. */
  baseUrl: string;
  /** Default: the global fetch. Tests pass their own (a `Prefer` header for the mock's scenarios). */
  fetch?: typeof fetch;
}

/** An answer the client cannot show: its status and the service's `detail`, if it sent one. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
  ) {
    super(`the evaluation service answered ${status}${typeof detail === "string" ? `: ${detail}` : ""}`);
    this.name = "ServiceError";
  }
}

export interface EvaluationRow {
  id: string;
  variants: string;
  testset: string;
  /** `Finished`, `Running`, `Failed: Evaluation Failed`, ... */
  status: string;
  failed: boolean;
  /** `$0.0123`, `n/a` while running, `error` when the service could not compute it. */
  averageCost: string;
  totalCost: string;
  /** Whether an evaluator config of the results was deleted (the service sends `{}`). */
  deletedConfig: boolean;
}

export interface HumanEvaluationLists {
  abTests: HumanEvaluation[];
  singleModel: HumanEvaluation[];
  /** Types this client does not know yet (evaluation_type is an open string). */
  other: HumanEvaluation[];
}

export type HumanEvaluationLookup =
  | { found: true; evaluation: HumanEvaluation; action: "view" | "continue" }
  | { found: false; reason: "not-found" | "invalid-id"; message: string };

const STATUS_LABELS: Record<string, string> = {
  EVALUATION_INITIALIZED: "Queued",
  EVALUATION_STARTED: "Running",
  EVALUATION_FINISHED: "Finished",
  EVALUATION_FINISHED_WITH_ERRORS: "Finished with errors",
  EVALUATION_FAILED: "Failed",
  EVALUATION_AGGREGATION_FAILED: "Aggregation failed",
};

export function statusLabel(status: Result): string {
  const value = typeof status.value === "string" ? status.value : "";
  const label = STATUS_LABELS[value] ?? (value === "" ? "Unknown" : value);
  return status.error?.message ? `${label}: ${status.error.message}` : label;
}

export function costLabel(cost: Result | null | undefined): string {
  if (cost === null || cost === undefined) return "n/a";
  if (cost.type === "error" || cost.error) return "error";
  return typeof cost.value === "number" ? `$${cost.value.toFixed(4)}` : "n/a";
}

export function toRow(evaluation: Evaluation): EvaluationRow {
  return {
    id: evaluation.id,
    variants: evaluation.variant_names.join(", "),
    testset: evaluation.testset_name || "(deleted test set)",
    status: statusLabel(evaluation.status),
    failed: Boolean(evaluation.status.error) || evaluation.status.value === "EVALUATION_FAILED",
    averageCost: costLabel(evaluation.average_cost),
    totalCost: costLabel(evaluation.total_cost),
    deletedConfig: evaluation.aggregated_results.some((aggregate) => Object.keys(aggregate.evaluator_config).length === 0),
  };
}

/** The `detail` of an error body (a string, or FastAPI's list of faults), if the body has one. */
async function detailOf(response: Response): Promise<unknown> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return body.detail;
  } catch {
    return undefined;
  }
}

export function createEvaluationsClient({ baseUrl, fetch: fetchImpl }: ClientOptions) {
  // The global fetch is looked up per request, not kept: MSW (and other mocks) replace it after
  // this module has been loaded.
  const get = async (path: string): Promise<Response> =>
    (fetchImpl ?? fetch)(`${baseUrl.replace(/\/$/, "")}${path}`, { headers: { Accept: "application/json" } });
  const list = async <T>(path: string): Promise<T[]> => {
    const response = await get(path);
    if (!response.ok) throw new ServiceError(response.status, await detailOf(response));
    return (await response.json()) as T[];
  };

  return {
    /** The app's evaluations as table rows (an empty app: no rows). */
    async evaluationRows(appId: string): Promise<EvaluationRow[]> {
      return (await list<Evaluation>(`/evaluations?app_id=${encodeURIComponent(appId)}`)).map(toRow);
    },

    /** The app's human evaluations, A/B tests and single-model tests apart. */
    async humanEvaluations(appId: string): Promise<HumanEvaluationLists> {
      const all = await list<HumanEvaluation>(`/human-evaluations?app_id=${encodeURIComponent(appId)}`);
      return {
        abTests: all.filter((h) => h.evaluation_type === "human_a_b_testing"),
        singleModel: all.filter((h) => h.evaluation_type === "single_model_test"),
        other: all.filter((h) => h.evaluation_type !== "human_a_b_testing" && h.evaluation_type !== "single_model_test"),
      };
    },

    /** One human evaluation; an unknown id (404) or one the service refuses (422) is no exception. */
    async humanEvaluation(id: string): Promise<HumanEvaluationLookup> {
      const response = await get(`/human-evaluations/${encodeURIComponent(id)}`);
      if (response.status === 404) return { found: false, reason: "not-found", message: "This evaluation no longer exists." };
      if (response.status === 422) return { found: false, reason: "invalid-id", message: "This is not an evaluation id." };
      if (!response.ok) throw new ServiceError(response.status, await detailOf(response));
      const evaluation = (await response.json()) as HumanEvaluation;
      return { found: true, evaluation, action: evaluation.status === "EVALUATION_FINISHED" ? "view" : "continue" };
    },
  };
}

export type EvaluationsClient = ReturnType<typeof createEvaluationsClient>;

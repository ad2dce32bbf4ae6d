// The app's client of the service: what a page does with fetch, the MSW worker or not.
import type { Evaluation } from "evals-contract/build";

export type EvaluationsAnswer = { ok: true; evaluations: Evaluation[] } | { ok: false; status: number };

/** An app's evaluations, or the status the service answered instead (0: no answer at all). */
export async function fetchEvaluations(appId: string, signal?: AbortSignal): Promise<EvaluationsAnswer> {
  let response: Response;
  try {
    // The trailing slash is the real web client's form.
    response = await fetch(`/api/evaluations/?app_id=${encodeURIComponent(appId)}`, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: 0 };
  }
  // A 502 from a proxy is an HTML page: read the body as JSON only when the service answered.
  if (!response.ok) return { ok: false, status: response.status };
  return { ok: true, evaluations: (await response.json()) as Evaluation[] };
}

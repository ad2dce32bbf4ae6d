// A small component: the evaluations of one app, fetched from the service at /api.
import type { Evaluation } from "evals-contract";

export interface EvaluationListProps {
  appId: string;
}

export function evaluationList({ appId }: EvaluationListProps): HTMLElement {
  const list = document.createElement("ul");
  list.className = "evaluation-list";
  void fetch(`/api/evaluations?app_id=${encodeURIComponent(appId)}`).then(async (response) => {
    const body: unknown = await response.json();
    if (!response.ok || !Array.isArray(body)) {
      list.dataset.state = `error ${response.status}`;
      return;
    }
    for (const evaluation of body as Evaluation[]) {
      const item = document.createElement("li");
      item.textContent = `${evaluation.id} ${String(evaluation.status.value)}`;
      list.append(item);
    }
    list.dataset.state = "loaded";
  });
  return list;
}

// The page under test: an app's evaluations (`?app_id=`) from the Evaluation Listing Service at
// VITE_SERVICE_URL, another origin (in the tests, `evals-contract mock`), or why it could not list
// them, with a "Try again" button that asks again.
import type { Evaluation } from "evals-contract";

const service = import.meta.env.VITE_SERVICE_URL ?? "http://127.0.0.1:4010";
const appId = new URLSearchParams(location.search).get("app_id") ?? "";
const summary = document.querySelector("#summary")!;
const table = document.querySelector<HTMLTableElement>("#evaluations")!;
const retry = document.querySelector<HTMLButtonElement>("#retry")!;

async function listEvaluations(): Promise<Evaluation[]> {
  const response = await fetch(`${service}/evaluations?app_id=${encodeURIComponent(appId)}`);
  if (!response.ok) throw new Error(`the service answered ${response.status}`);
  return (await response.json()) as Evaluation[];
}

async function show(): Promise<void> {
  summary.textContent = "Loading…";
  retry.hidden = true;
  document.body.dataset.state = "loading";
  try {
    const evaluations = await listEvaluations();
    summary.textContent = evaluations.length === 0 ? "No evaluations yet" : `${evaluations.length} evaluations`;
    for (const evaluation of evaluations) {
      const row = table.insertRow();
      for (const text of [evaluation.id, String(evaluation.status.value)]) row.insertCell().textContent = text;
    }
    document.body.dataset.state = "loaded";
  } catch (error) {
    summary.textContent = `Could not load the evaluations: ${error instanceof Error ? error.message : String(error)}`;
    retry.hidden = false;
    document.body.dataset.state = "error";
  }
}

retry.addEventListener("click", () => void show());
await show();

// MSW in the browser: the toolkit's handlers in a service worker (public/mockServiceWorker.js, from
// `npx msw init public --save`), started before the page's first request. The page then lists an
// app's evaluations (`?app_id=`) as `evals-contract mock` answers them, and checks the answer.
import { setupWorker } from "msw/browser";
import { createMswHandlers } from "evals-contract/msw";
import { checkResponse, type Evaluation } from "evals-contract";

await setupWorker(...createMswHandlers()).start();

const appId = new URLSearchParams(location.search).get("app_id");
const response = await fetch(appId === null ? "/evaluations" : `/evaluations?app_id=${encodeURIComponent(appId)}`);
const body: unknown = await response.json();
const errors = checkResponse("listEvaluations", { status: response.status, headers: response.headers, body }).filter(
  (finding) => finding.severity === "error",
);

const summary = document.querySelector("#summary")!;
const table = document.querySelector<HTMLTableElement>("#evaluations")!;
if (response.ok) {
  const evaluations = body as Evaluation[];
  summary.textContent = `${evaluations.length} evaluations, ${errors.length === 0 ? "conforming" : `${errors.length} contract errors`}`;
  for (const evaluation of evaluations) {
    const row = table.insertRow();
    for (const text of [evaluation.id, String(evaluation.status.value)]) row.insertCell().textContent = text;
  }
} else {
  summary.textContent = `${response.status}: ${JSON.stringify(body)}`;
}
document.body.dataset.ready = "true";

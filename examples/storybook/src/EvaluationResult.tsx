// One evaluation's result: its status (and error), each evaluator's aggregate, cost and latency, as
// the real service sends them: an evaluator config may be deleted ({}), a result may be an error
// Result, costs are null while it runs.
import type { Evaluation } from "evals-contract/build";

type Result = Evaluation["status"];

/** What a Result shows: its value, its error's message, or a dash for null. */
function shown(result: Result | null | undefined): string {
  if (!result) return "-";
  if (result.type === "error") return `error: ${result.error?.message ?? "unknown"}`;
  return result.value === null || result.value === undefined ? "-" : String(result.value);
}

/** The evaluator's name, or a mark for a config deleted after the run. */
function evaluatorName(config: Evaluation["aggregated_results"][number]["evaluator_config"]): string {
  return typeof config.name === "string" ? config.name : "(deleted evaluator)";
}

export function EvaluationResult({ evaluation }: { evaluation: Evaluation }) {
  const { status } = evaluation;
  return (
    <article className="evaluation" data-id={evaluation.id}>
      <h3>
        {evaluation.variant_names.join(", ")} on {evaluation.testset_name || "(deleted test set)"}
      </h3>
      <p className="status" data-status={String(status.value)}>
        {String(status.value)}
        {status.error ? `: ${status.error.message}` : ""}
      </p>
      {evaluation.aggregated_results.length === 0 ? (
        <p className="no-results">No results yet.</p>
      ) : (
        <table className="results">
          <tbody>
            {evaluation.aggregated_results.map(({ evaluator_config, result }, index) => (
              <tr key={index}>
                <th>{evaluatorName(evaluator_config)}</th>
                <td>{shown(result)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="costs">
        cost {shown(evaluation.total_cost)}, latency {shown(evaluation.average_latency)}
      </p>
      <small className="id">{evaluation.id}</small>
    </article>
  );
}

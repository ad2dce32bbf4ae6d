// The evaluations of one app, read from the service: loading, the service's error, an empty list,
// or one result view per evaluation.
import { useEffect, useState } from "react";
import { fetchEvaluations, type EvaluationsAnswer } from "./evaluations-api";
import { EvaluationResult } from "./EvaluationResult";

export interface EvaluationListProps {
  appId: string;
}

export function EvaluationList({ appId }: EvaluationListProps) {
  const [answer, setAnswer] = useState<EvaluationsAnswer>();
  useEffect(() => {
    const controller = new AbortController();
    setAnswer(undefined);
    fetchEvaluations(appId, controller.signal).then(setAnswer, () => {
      // Aborted: the story (or the app id) changed before the answer came.
    });
    return () => controller.abort();
  }, [appId]);

  if (!answer)
    return (
      <p className="evaluations" data-state="loading">
        Loading evaluations…
      </p>
    );
  if (!answer.ok)
    return (
      <p className="evaluations" data-state="error" role="alert">
        {answer.status === 0 ? "Could not reach the service." : `Could not load the evaluations: the service answered ${answer.status}.`}
      </p>
    );
  if (answer.evaluations.length === 0)
    return (
      <p className="evaluations" data-state="empty">
        No evaluations yet.
      </p>
    );
  return (
    <ul className="evaluations" data-state="loaded">
      {answer.evaluations.map((evaluation) => (
        <li key={evaluation.id}>
          <EvaluationResult evaluation={evaluation} />
        </li>
      ))}
    </ul>
  );
}

// Error texts exactly where and how the real service writes them (Agenta backend at d7baab98,
// mid-2024: tasks/evaluations.py and services/aggregation_service.py).

/** status.error.stacktrace of a failed evaluation (`Error(message="Evaluation Failed", stacktrace=...)`). */
export const EVALUATION_TRACEBACKS: readonly string[] = [
  'Traceback (most recent call last):\n  File "/app/agenta_backend/tasks/evaluations.py", line 213, in evaluate\n    app_outputs = await batch_invoke(uri, testset_data, parameters, rate_limit_config)\n  File "/app/agenta_backend/services/llm_apps_service.py", line 312, in batch_invoke\n    raise ConnectionError("The app did not answer within 30 seconds")\nConnectionError: The app did not answer within 30 seconds\n',
  'Traceback (most recent call last):\n  File "/app/agenta_backend/tasks/evaluations.py", line 188, in evaluate\n    testset_db = await fetch_testset_by_id(testset_id)\n  File "/app/agenta_backend/services/db_manager.py", line 1042, in fetch_testset_by_id\n    raise NoResultFound(f"Testset with id {testset_id} not found")\nsqlalchemy.exc.NoResultFound: Testset with id 6660f1a2d1812781f7e3761a not found\n',
  'Traceback (most recent call last):\n  File "/app/agenta_backend/tasks/evaluations.py", line 240, in evaluate\n    result = evaluators_service.evaluate(evaluator_key=evaluator_config.evaluator_key, ...)\n  File "/app/agenta_backend/services/evaluators_service.py", line 96, in evaluate\n    raise KeyError(correct_answer_key)\nKeyError: \'correct_answer\'\n',
];

/**
 * An evaluator whose per-row results include an error (value None) cannot be averaged:
 * aggregation_service.aggregate_float catches the TypeError and returns
 * `Result(type="error", value=None, error=Error(message="Failed", stacktrace=traceback.format_exc()))`.
 */
export const AGGREGATE_FAILED_MESSAGE = "Failed";
export const aggregateFailedTraceback = (left: "int" | "float" | "bool"): string =>
  `Traceback (most recent call last):\n  File "/app/agenta_backend/services/aggregation_service.py", line 66, in aggregate_float\n    average_value = sum(result.value for result in results) / len(results)\nTypeError: unsupported operand type(s) for +: '${left}' and 'NoneType'\n`;

/**
 * No cost or latency was recorded for any row: aggregate_float_from_llm_app_response (average_cost,
 * average_latency) and sum_float_from_llm_app_response (total_cost) raise a ValueError and return
 * it as `Result(type="error", value=None, error=Error(message=str(exc), stacktrace=traceback.format_exc()))`.
 */
export function costError(field: "average_cost" | "total_cost" | "average_latency"): { message: string; stacktrace: string } {
  const key = field === "average_latency" ? "latency" : "cost";
  const sum = field === "total_cost";
  const message = `No valid values found for ${key}${sum ? " sum" : ""} aggregation.`;
  const fn = sum ? "sum_float_from_llm_app_response" : "aggregate_float_from_llm_app_response";
  const line = sum ? 125 : 97;
  return {
    message,
    stacktrace: `Traceback (most recent call last):\n  File "/app/agenta_backend/services/aggregation_service.py", line ${line}, in ${fn}\n    raise ValueError(f"No valid values found for {key}${sum ? " sum" : ""} aggregation.")\nValueError: ${message}\n`,
  };
}

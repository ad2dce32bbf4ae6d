// Error texts in the shape the real service stores them (Python tracebacks, domain notes).

export const EVALUATION_TRACEBACKS: readonly string[] = [
  'Traceback (most recent call last):\n  File "/app/agenta_backend/tasks/evaluations.py", line 213, in evaluate\n    app_outputs = await batch_invoke(uri, testset_data, parameters, rate_limit_config)\n  File "/app/agenta_backend/services/llm_apps_service.py", line 312, in batch_invoke\n    raise ConnectionError("The app did not answer within 30 seconds")\nConnectionError: The app did not answer within 30 seconds\n',
  'Traceback (most recent call last):\n  File "/app/agenta_backend/tasks/evaluations.py", line 188, in evaluate\n    testset_db = await fetch_testset_by_id(testset_id)\n  File "/app/agenta_backend/services/db_manager.py", line 1042, in fetch_testset_by_id\n    raise NoResultFound(f"Testset with id {testset_id} not found")\nsqlalchemy.exc.NoResultFound: Testset with id 6660f1a2d1812781f7e3761a not found\n',
  'Traceback (most recent call last):\n  File "/app/agenta_backend/tasks/evaluations.py", line 240, in evaluate\n    result = evaluators_service.evaluate(evaluator_key=evaluator_config.evaluator_key, ...)\n  File "/app/agenta_backend/services/evaluators_service.py", line 96, in evaluate\n    raise KeyError(correct_answer_key)\nKeyError: \'correct_answer\'\n',
];

export const EVALUATOR_TRACEBACKS: readonly string[] = [
  'Traceback (most recent call last):\n  File "/app/agenta_backend/services/evaluators_service.py", line 311, in auto_ai_critique\n    response = client.chat.completions.create(**openai_kwargs)\nopenai.AuthenticationError: Error code: 401 - Incorrect API key provided\n',
  'Traceback (most recent call last):\n  File "/app/agenta_backend/services/evaluators_service.py", line 142, in auto_regex_test\n    re_pattern = re.compile(settings_values["regex_pattern"], re.IGNORECASE)\nre.error: unterminated character set at position 0\n',
  "Traceback (most recent call last):\n  File \"/app/agenta_backend/services/evaluators_service.py\", line 205, in auto_webhook_test\n    response.raise_for_status()\nhttpx.HTTPStatusError: Server error '502 Bad Gateway' for url 'https://hooks.example.com/eval'\n",
];

export const EVALUATOR_ERROR_MESSAGES: readonly string[] = [
  "Error during Auto AI Critique",
  "Error during Auto Regex Test",
  "Error during Auto Webhook Test",
];

export const COST_ERROR_MESSAGE = "Could not aggregate: no cost and latency values were recorded";

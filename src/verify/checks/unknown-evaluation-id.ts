// A human evaluation id that does not exist (random 24-hex). The seed does not say what happens
// (section 7): 404 or 422 are fine, a 5xx is a warning (clients cannot tell "not found" from a
// crash; older versions of the real service did it), a record is an error.
import { isPlainObject } from "../../types/json.js";
import { byIdLabel } from "../endpoints.js";
import { showValue } from "../first-difference.js";
import type { ProviderResponse } from "../../io/provider-client.js";
import type { VerificationFinding } from "../report.js";
import { conformanceFindings, fetchById, finding } from "./context.js";
import { defineCheck } from "./define-check.js";

export function judgeUnknownEvaluationId(response: ProviderResponse): VerificationFinding[] {
  const { request, status } = response;
  if (status === 404) return [];
  // 422 is documented: its body must be a validation error body.
  if (status === 422) return conformanceFindings("getHumanEvaluation", response);
  if (status === 200) {
    const body = !response.parsed
      ? `a body that is not JSON (${showValue(response.text.slice(0, 40))})`
      : isPlainObject(response.json)
        ? `a record (id ${showValue(response.json.id)})`
        : showValue(response.json);
    return [
      finding(
        "error",
        "$",
        "unknown-evaluation-id",
        `answers 200 with ${body} for an id that does not exist, expected 404 or 422`,
        request,
      ),
    ];
  }
  const why = status >= 500 ? "clients cannot tell a missing record from a crash" : "the spec documents only 200 and 422";
  return [finding("warning", "$", "unknown-evaluation-id", `answers ${status} for an unknown id, expected 404 or 422: ${why}`, request)];
}

export const unknownEvaluationIdCheck = defineCheck({
  group: "cross-endpoint",
  check: "unknown-evaluation-id",
  endpoint: byIdLabel(false, "{unknown}"),
  operationId: "getHumanEvaluation",
  run: async (ctx) => judgeUnknownEvaluationId(await fetchById(ctx, ctx.unknownEvaluationId, false)),
});

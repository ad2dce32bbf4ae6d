// A list without app_id: the spec lists app_id as required (4.1), and the real service answers
// 422 with a validation body naming it. The seed also calls it an optional filter, so a 200 is a
// warning, not an error. Checked on both path forms.
import { isPlainObject } from "../../types/json.js";
import { listLabel, type ListOperationId } from "../endpoints.js";
import type { ProviderResponse } from "../../io/provider-client.js";
import type { VerificationFinding } from "../report.js";
import { conformanceFindings, fetchList, finding } from "./context.js";
import { defineCheck, type Check } from "./define-check.js";

/** True when some `detail[].loc` of a validation body names app_id. */
function namesAppId(body: unknown): boolean {
  if (!isPlainObject(body) || !Array.isArray(body.detail)) return false;
  return body.detail.some((item) => isPlainObject(item) && Array.isArray(item.loc) && item.loc.includes("app_id"));
}

export function judgeMissingAppId(operationId: ListOperationId, response: ProviderResponse): VerificationFinding[] {
  const { request, status } = response;
  const checked = conformanceFindings(operationId, response);
  if (status === 200)
    return [
      finding(
        "warning",
        "$",
        "app-id-optional",
        "answers 200 without app_id: the spec lists app_id as required (4.1) and the real service answers 422",
        request,
      ),
      ...checked,
    ];
  if (status !== 422)
    return [
      finding(
        "error",
        "$",
        "missing-app-id",
        `answers ${status} without app_id, expected 422 with a validation error body (seed, 4.1 and 7)`,
        request,
      ),
    ];
  if (response.parsed && !namesAppId(response.json))
    checked.push(
      finding(
        "error",
        "$.detail",
        "validation-detail",
        `the 422 body names no app_id in detail[].loc (expected e.g. {"detail":[{"loc":["query","app_id"],...}]}), got ${response.text.slice(0, 60)}`,
        request,
      ),
    );
  return checked;
}

export const missingAppIdCheck = (operationId: ListOperationId, slash: boolean): Check =>
  defineCheck({
    group: "cross-endpoint",
    check: "missing-app-id",
    endpoint: listLabel(operationId, slash, "none"),
    operationId,
    run: async (ctx) => judgeMissingAppId(operationId, await fetchList(ctx, operationId, slash, "none")),
  });

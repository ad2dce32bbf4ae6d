// A list without app_id: the spec lists app_id as required (4.1), and the real service answers
// 422 with a validation body naming it. Checked on both path forms. A 200 is the status check's
// warning (app-id-optional: the seed also calls app_id an optional filter), a 5xx the server-error
// check's; any other status is an error here: only a 422 tells a client what it forgot.
import { isPlainObject } from "../../types/json.js";
import { listLabel, type ListOperationId } from "../endpoints.js";
import type { ProviderResponse } from "../../engine/provider-client.js";
import { answered, fetchList, finding, type FindingDraft } from "./context.js";
import { defineCheck, type Check } from "./define-check.js";

/** True when some `detail[].loc` of a validation body names app_id. */
function namesAppId(body: unknown): boolean {
  if (!isPlainObject(body) || !Array.isArray(body.detail)) return false;
  return body.detail.some((item) => isPlainObject(item) && Array.isArray(item.loc) && item.loc.includes("app_id"));
}

export function judgeMissingAppId(response: ProviderResponse): FindingDraft[] {
  const { request, status } = response;
  if (!answered(response) || status === 200 || status >= 500) return [];
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
  if (!response.parsed || namesAppId(response.json)) return [];
  return [
    finding(
      "error",
      "$.detail",
      "validation-detail",
      `the 422 body names no app_id in detail[].loc (expected e.g. {"detail":[{"loc":["query","app_id"],...}]}), got ${response.text.slice(0, 60)}`,
      request,
    ),
  ];
}

export const missingAppIdCheck = (operationId: ListOperationId, slash: boolean): Check =>
  defineCheck({
    group: "cross-endpoint",
    check: "missing-app-id",
    endpoint: listLabel(operationId, slash, "none"),
    operationId,
    run: async (ctx) => judgeMissingAppId(await fetchList(ctx, operationId, slash, "none")),
  });

// A well-formed app id nobody has (random 24-hex): an empty list. The seed does not say what an
// unknown app id gives (4.4), so other answers that the real service has given are warnings: a 4xx
// with a {"detail": ...} body (an alternative a provider may document) and a 5xx (older versions of
// the real service answered 500 for /evaluations). Records, or any other answer, are errors.
import { isPlainObject } from "../../types/json.js";
import { listLabel, type ListOperationId } from "../endpoints.js";
import type { ProviderResponse } from "../../io/provider-client.js";
import type { VerificationFinding } from "../report.js";
import { conformanceFindings, fetchList, finding } from "./context.js";
import { defineCheck, type Check } from "./define-check.js";

export function judgeUnknownAppId(operationId: ListOperationId, response: ProviderResponse): VerificationFinding[] {
  const { request, status } = response;
  if (status === 200) {
    const checked = conformanceFindings(operationId, response);
    if (Array.isArray(response.json) && response.json.length > 0)
      checked.push(
        finding("error", "$", "unknown-app-id", `returns ${response.json.length} record(s) for an app id that does not exist`, request),
      );
    return checked;
  }
  if (status >= 400 && status < 500 && isPlainObject(response.json) && "detail" in response.json)
    return [
      finding(
        "warning",
        "$",
        "unknown-app-id",
        `answers ${status} ${response.text.slice(0, 60)} instead of an empty list: accepted only if the provider documents it`,
        request,
      ),
    ];
  if (status >= 500)
    return [
      finding(
        "warning",
        "$",
        "unknown-app-id",
        `answers ${status} for an unknown app id instead of an empty list (older versions of the real service did this; clients must not crash on it)`,
        request,
      ),
    ];
  return [
    finding(
      "error",
      "$",
      "unknown-app-id",
      `answers ${status} for an unknown app id, expected 200 with an empty list (or a documented 4xx with a {"detail": ...} body)`,
      request,
    ),
  ];
}

export const unknownAppIdCheck = (operationId: ListOperationId): Check =>
  defineCheck({
    group: "cross-endpoint",
    check: "unknown-app-id",
    endpoint: listLabel(operationId, false, "unknown"),
    operationId,
    run: async (ctx) => judgeUnknownAppId(operationId, await fetchList(ctx, operationId, false, "unknown")),
  });

// The conformance sweep: every response of every endpoint through the checker, every record of
// every list and every human evaluation by id (not just one example).
import { checkResponse } from "../../check/check-response.js";
import { byIdLabel, listLabel, type ListOperationId } from "../endpoints.js";
import type { ProviderResponse } from "../provider-client.js";
import type { VerificationFinding } from "../report.js";
import {
  fetchById,
  fetchList,
  finding,
  fromRequest,
  humanEvaluationIds,
  NO_APP_ID,
  type CheckDraft,
  type VerifyContext,
} from "./context.js";

const checked = (operationId: Parameters<typeof checkResponse>[0], response: ProviderResponse): VerificationFinding[] =>
  fromRequest(checkResponse(operationId, { status: response.status, headers: response.headers, body: response.text }), response.request);

export async function checkListConformance(ctx: VerifyContext, operationId: ListOperationId): Promise<CheckDraft> {
  const draft: CheckDraft = {
    group: "conformance",
    check: "conformance",
    endpoint: listLabel(operationId, false, "app"),
    operationId,
    findings: [],
  };
  if (ctx.appId === undefined) return { ...draft, skipReason: NO_APP_ID };
  const response = await fetchList(ctx, operationId, false, "app");
  draft.findings.push(...checked(operationId, response));
  if (response.status === 200 && Array.isArray(response.json) && response.json.length === 0)
    draft.findings.push(
      finding(
        "warning",
        "$",
        "empty-list",
        `no records for app ${ctx.appId}: nothing to sweep (choose an app with data)`,
        response.request,
      ),
    );
  return draft;
}

export async function checkByIdConformance(ctx: VerifyContext): Promise<CheckDraft> {
  const draft: CheckDraft = {
    group: "conformance",
    check: "conformance",
    endpoint: byIdLabel(false),
    operationId: "getHumanEvaluation",
    findings: [],
  };
  const ids = await humanEvaluationIds(ctx);
  if (ids.length === 0)
    return { ...draft, skipReason: ctx.appId === undefined ? NO_APP_ID : `app ${ctx.appId} lists no human evaluation to fetch by id` };
  const responses = await Promise.all(ids.map((id) => fetchById(ctx, id, false)));
  for (const response of responses) draft.findings.push(...checked("getHumanEvaluation", response));
  return draft;
}

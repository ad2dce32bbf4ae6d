// The conformance sweep: every response of every endpoint through the checker, every record of
// every list and every human evaluation by id (not just one example).
import { byIdLabel, listLabel, type ListOperationId } from "../endpoints.js";
import { showValue } from "../first-difference.js";
import type { ProviderResponse } from "../provider-client.js";
import type { VerificationFinding } from "../report.js";
import { isPlainObject } from "../../json/is-plain-object.js";
import {
  conformanceFindings,
  fetchById,
  fetchList,
  finding,
  humanEvaluationIds,
  listRecords,
  NO_APP_ID,
  noIdReason,
  type CheckDraft,
  type VerifyContext,
} from "./context.js";

/** A record listed twice (a join or paging bug): clients key rows by id, so each id appears once. */
function duplicateIds(response: ProviderResponse): VerificationFinding[] {
  const firstAt = new Map<string, number>();
  const findings: VerificationFinding[] = [];
  (listRecords(response) ?? []).forEach((record, i) => {
    if (!isPlainObject(record) || typeof record.id !== "string") return;
    const first = firstAt.get(record.id);
    if (first === undefined) firstAt.set(record.id, i);
    else
      findings.push(
        finding(
          "error",
          `$[${i}].id`,
          "duplicate-id",
          `id ${showValue(record.id)} is listed again (first at $[${first}])`,
          response.request,
        ),
      );
  });
  return findings;
}

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
  draft.findings.push(...conformanceFindings(operationId, response), ...duplicateIds(response));
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
  if (ids.length === 0) return { ...draft, skipReason: await noIdReason(ctx) };
  const responses = await Promise.all(ids.map((id) => fetchById(ctx, id, false)));
  for (const response of responses) draft.findings.push(...conformanceFindings("getHumanEvaluation", response));
  return draft;
}

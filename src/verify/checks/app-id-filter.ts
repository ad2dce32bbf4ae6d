// Every record of a list belongs to the app it was asked for: a provider that ignores the app_id
// filter leaks other apps' evaluations (seed 4.1: "the evaluations matching app_id").
import { listLabel, type ListOperationId } from "../endpoints.js";
import { showValue } from "../first-difference.js";
import { isPlainObject } from "../../json/is-plain-object.js";
import { fetchList, finding, listRecords, NO_APP_ID, type CheckDraft, type VerifyContext } from "./context.js";

export async function checkAppIdFilter(ctx: VerifyContext, operationId: ListOperationId): Promise<CheckDraft> {
  const draft: CheckDraft = {
    group: "cross-endpoint",
    check: "app-id-filter",
    endpoint: listLabel(operationId, false, "app"),
    operationId,
    findings: [],
  };
  if (ctx.appId === undefined) return { ...draft, skipReason: NO_APP_ID };
  const response = await fetchList(ctx, operationId, false, "app");
  const records = listRecords(response);
  if (records === undefined) return { ...draft, skipReason: "the list is not a JSON array (see conformance)" };
  records.forEach((record, i) => {
    // A missing or non-string app_id is the conformance check's finding, not this one's.
    if (!isPlainObject(record) || typeof record.app_id !== "string" || record.app_id === ctx.appId) return;
    draft.findings.push(
      finding(
        "error",
        `$[${i}].app_id`,
        "app-id-filter",
        `record of app ${showValue(record.app_id)} in the list for app_id ${showValue(ctx.appId)}: the app_id filter is ignored`,
        response.request,
      ),
    );
  });
  return draft;
}

// Every record of a list belongs to the app it was asked for: a provider that ignores the app_id
// filter leaks other apps' evaluations (seed 4.1: "the evaluations matching app_id").
import { isPlainObject } from "../../types/json.js";
import { listLabel, type ListOperationId } from "../endpoints.js";
import { showValue } from "../first-difference.js";
import { fetchList, finding, listRecords } from "./context.js";
import { defineCheck, skip, type Check } from "./define-check.js";

export const appIdFilterCheck = (operationId: ListOperationId): Check =>
  defineCheck({
    group: "cross-endpoint",
    check: "app-id-filter",
    endpoint: listLabel(operationId, false, "app"),
    operationId,
    needsAppId: true,
    async run(ctx) {
      const response = await fetchList(ctx, operationId, false, "app");
      const records = listRecords(response);
      if (records === undefined) return skip("the list is not a JSON array (see conformance)");
      // A missing or non-string app_id is the conformance check's finding, not this one's.
      return records.flatMap((record, i) =>
        !isPlainObject(record) || typeof record.app_id !== "string" || record.app_id === ctx.appId
          ? []
          : [
              finding(
                "error",
                `$[${i}].app_id`,
                "app-id-filter",
                `record of app ${showValue(record.app_id)} in the list for app_id ${showValue(ctx.appId)}: the app_id filter is ignored`,
                response.request,
              ),
            ],
      );
    },
  });

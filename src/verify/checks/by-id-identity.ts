// Every human evaluation of the list is returned identically (deep-equal JSON) by its own
// endpoint: a client that opens a row of the list must see the same record.
import { isPlainObject } from "../../types/json.js";
import { byIdLabel, listLabel } from "../endpoints.js";
import { firstDifference, showValue } from "../../check/json-differences.js";
import { createFindingList } from "../../engine/finding-list.js";
import { fetchById, fetchList, finding, listRecords, MAX_BY_ID_FETCHES, noIdReason } from "./context.js";
import { defineCheck, skip } from "./define-check.js";

export const byIdIdentityCheck = defineCheck({
  group: "cross-endpoint",
  check: "same-record-as-list",
  endpoint: byIdLabel(false),
  operationId: "getHumanEvaluation",
  async run(ctx) {
    const records = ctx.appId === undefined ? undefined : listRecords(await fetchList(ctx, "listHumanEvaluations", false, "app"));
    // The first MAX_BY_ID_FETCHES records with an id (the report's note counts the rest).
    const listed: Array<{ record: Record<string, unknown>; index: number; id: string }> = [];
    let index = -1;
    for (const record of records ?? []) {
      index++;
      if (listed.length >= MAX_BY_ID_FETCHES) break;
      if (isPlainObject(record) && typeof record.id === "string") listed.push({ record, index, id: record.id });
    }
    if (listed.length === 0) return skip(await noIdReason(ctx));
    const responses = await Promise.all(listed.map(({ id }) => fetchById(ctx, id, false)));
    const list = createFindingList();
    listed.forEach(({ record, index, id }, i) => {
      const response = responses[i]!;
      // A non-200 or non-JSON answer is the conformance check's finding.
      if (response.status !== 200 || !response.parsed) return;
      const returnedId = isPlainObject(response.json) ? response.json.id : undefined;
      // Another record entirely: say so at its id rather than at the first field that happens to differ.
      const difference = returnedId !== id ? { path: "$.id", left: id, right: returnedId } : firstDifference(record, response.json);
      if (!difference) return;
      const listRequest = listLabel("listHumanEvaluations", false, "app");
      list.add({
        check: "same-record-as-list",
        operation: "getHumanEvaluation",
        ...finding(
          "error",
          difference.path,
          "same-record-as-list",
          `differs from item ${index} of ${listRequest}: the list has ${showValue(difference.left)}, by id ${showValue(difference.right)}`,
          response.request,
        ),
      });
    });
    return list.findings();
  },
});

// The conformance sweep: every response of every endpoint through the checker, every record of
// every list and every human evaluation by id (not just one example).
import { byIdLabel, listLabel, type ListOperationId } from "../endpoints.js";
import { showValue } from "../first-difference.js";
import type { ProviderResponse } from "../../io/provider-client.js";
import type { VerificationFinding } from "../report.js";
import { isPlainObject } from "../../types/json.js";
import {
  addConformanceFindings,
  addListConformanceFindings,
  createFindingList,
  fetchById,
  fetchList,
  finding,
  humanEvaluationIds,
  listRecords,
  noIdReason,
} from "./context.js";
import { defineCheck, skip, type Check } from "./define-check.js";

/** A record listed twice (a join or paging bug): clients key rows by id, so each id appears once. */
function duplicateIds(response: ProviderResponse, add: (finding: VerificationFinding) => void): void {
  const firstAt = new Map<string, number>();
  (listRecords(response) ?? []).forEach((record, i) => {
    if (!isPlainObject(record) || typeof record.id !== "string") return;
    const first = firstAt.get(record.id);
    if (first === undefined) firstAt.set(record.id, i);
    else
      add(
        finding(
          "error",
          `$[${i}].id`,
          "duplicate-id",
          `id ${showValue(record.id)} is listed again (first at $[${first}])`,
          response.request,
        ),
      );
  });
}

export const listConformanceCheck = (operationId: ListOperationId): Check =>
  defineCheck({
    group: "conformance",
    check: "conformance",
    endpoint: listLabel(operationId, false, "app"),
    operationId,
    needsAppId: true,
    async run(ctx) {
      const response = await fetchList(ctx, operationId, false, "app");
      const list = createFindingList();
      await addListConformanceFindings(list, operationId, response);
      duplicateIds(response, list.add);
      // An empty list passes: an app without (human) evaluations is a normal state. The report says
      // so in a note, and the checks that need a record are skipped with the reason.
      return list.findings();
    },
  });

export const byIdConformanceCheck = defineCheck({
  group: "conformance",
  check: "conformance",
  endpoint: byIdLabel(false),
  operationId: "getHumanEvaluation",
  async run(ctx) {
    const ids = await humanEvaluationIds(ctx);
    if (ids.length === 0) return skip(await noIdReason(ctx));
    const responses = await Promise.all(ids.map((id) => fetchById(ctx, id, false)));
    const list = createFindingList();
    for (const response of responses) addConformanceFindings(list, "getHumanEvaluation", response);
    return list.findings();
  },
});

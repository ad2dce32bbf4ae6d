// The conformance sweep: every list of the app and every human evaluation by id is fetched, so that
// the engine's conformance check (src/engine/checks/conformance.ts, run on every answer) sees every
// record, not just one example. What only a whole list shows is checked here: a record listed twice.
import { byIdLabel, listLabel, type ListOperationId } from "../endpoints.js";
import { showValue } from "../../check/json-differences.js";
import type { ProviderResponse } from "../../engine/provider-client.js";
import { isPlainObject } from "../../types/json.js";
import { fetchById, fetchList, finding, humanEvaluationIds, listRecords, noIdReason, type FindingDraft } from "./context.js";
import { defineCheck, skip, type Check } from "./define-check.js";

/** A record listed twice (a join or paging bug): clients key rows by id, so each id appears once. */
function duplicateIds(response: ProviderResponse): FindingDraft[] {
  const firstAt = new Map<string, number>();
  const found: FindingDraft[] = [];
  let i = -1;
  for (const record of listRecords(response) ?? []) {
    i++;
    if (!isPlainObject(record) || typeof record.id !== "string") continue;
    const first = firstAt.get(record.id);
    if (first === undefined) firstAt.set(record.id, i);
    else
      found.push(
        finding(
          "error",
          `$[${i}].id`,
          "duplicate-id",
          `id ${showValue(record.id)} is listed again (first at $[${first}])`,
          response.request,
        ),
      );
  }
  return found;
}

export const listConformanceCheck = (operationId: ListOperationId): Check =>
  defineCheck({
    group: "conformance",
    check: "conformance",
    endpoint: listLabel(operationId, false, "app"),
    operationId,
    needsAppId: true,
    // An empty list passes: an app without (human) evaluations is a normal state. The report says
    // so in a note, and the checks that need a record are skipped with the reason.
    run: async (ctx) => duplicateIds(await fetchList(ctx, operationId, false, "app")),
  });

export const byIdConformanceCheck = defineCheck({
  group: "conformance",
  check: "conformance",
  endpoint: byIdLabel(false),
  operationId: "getHumanEvaluation",
  async run(ctx) {
    const ids = await humanEvaluationIds(ctx);
    if (ids.length === 0) return skip(await noIdReason(ctx));
    await Promise.all(ids.map((id) => fetchById(ctx, id, false)));
    return [];
  },
});

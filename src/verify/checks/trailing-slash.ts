// Both forms of every path answer alike: the real service serves `/evaluations` and `/evaluations/`
// (its own web client calls the trailing-slash form; domain notes), so a provider must too.
import { byIdLabel, listLabel, type ListOperationId } from "../endpoints.js";
import { firstDifference, showValue } from "../../check/json-differences.js";
import type { ProviderResponse } from "../../engine/provider-client.js";
import { answered, fetchBothForms, fetchById, finding, humanEvaluationIds, noIdReason, type FindingDraft } from "./context.js";
import { defineCheck, skip, type Check } from "./define-check.js";

/** Key-order-independent JSON, to compare lists whose order differs between two calls. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(",")}]`
    : typeof value === "object" && value !== null
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(",")}}`
      : JSON.stringify(value);

const sameMembers = (left: unknown[], right: unknown[]): boolean => {
  if (left.length !== right.length) return false;
  const a = left.map(canonical).sort();
  const b = right.map(canonical).sort();
  return a.every((item, i) => item === b[i]);
};

/** Findings of the slash form `slashed` against the plain form `plain` of the same request. */
export function compareForms(plain: ProviderResponse, slashed: ProviderResponse): FindingDraft[] {
  // A transport fault is the transport check's finding: there is no answer to compare.
  if (!answered(plain) || !answered(slashed)) return [];
  if (plain.status !== slashed.status)
    return [
      finding(
        "error",
        "$",
        "trailing-slash",
        `answers ${slashed.status} while ${plain.request} answers ${plain.status}: both forms must work (the real service serves both)`,
        slashed.request,
      ),
    ];
  // The same bytes parse to the same value: no walk of two 20,000-record lists (issue 26).
  if (plain.status !== 200 || plain.text === slashed.text || !plain.parsed || !slashed.parsed) return [];
  const difference = firstDifference(plain.json, slashed.json);
  if (!difference) return [];
  // The same records in another order is still the same answer (the seed leaves ordering open).
  if (Array.isArray(plain.json) && Array.isArray(slashed.json) && sameMembers(plain.json, slashed.json)) return [];
  return [
    finding(
      "error",
      difference.path,
      "trailing-slash",
      `differs from ${plain.request}: ${showValue(difference.left)} there, ${showValue(difference.right)} here`,
      slashed.request,
    ),
  ];
}

export const listTrailingSlashCheck = (operationId: ListOperationId): Check =>
  defineCheck({
    group: "cross-endpoint",
    check: "trailing-slash",
    endpoint: listLabel(operationId, true, "app"),
    operationId,
    needsAppId: true,
    async run(ctx) {
      const [plain, slashed] = await fetchBothForms(ctx, operationId);
      return compareForms(plain, slashed);
    },
  });

export const byIdTrailingSlashCheck = defineCheck({
  group: "cross-endpoint",
  check: "trailing-slash",
  endpoint: byIdLabel(true),
  operationId: "getHumanEvaluation",
  async run(ctx) {
    // One record is enough: routing does not depend on which id is asked for.
    const [id] = await humanEvaluationIds(ctx);
    if (id === undefined) return skip(await noIdReason(ctx));
    const [plain, slashed] = await Promise.all([fetchById(ctx, id, false), fetchById(ctx, id, true)]);
    return compareForms(plain, slashed);
  },
});

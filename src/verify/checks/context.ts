// What every check gets: the provider client (answers shared between checks), the ids under
// test, and small helpers to fetch the endpoints and build findings.
import type { Severity } from "../../check/finding.js";
import type { OperationId } from "../../contract/operations.js";
import type { ProviderFinding } from "../../engine/finding.js";
import type { ProviderClient, ProviderResponse } from "../../engine/provider-client.js";
import { recordIds } from "../../engine/record-ids.js";
import type { JsonList } from "../../types/json.js";
import { byIdPath, listPath, type AppIdKind, type ListOperationId } from "../endpoints.js";
import type { CheckGroup } from "../report.js";

export interface VerifyContext {
  client: ProviderClient;
  appId?: string;
  humanEvaluationId?: string;
  unknownAppId: string;
  unknownEvaluationId: string;
  /** A human evaluation id no service accepts as an object id (the malformed-id request). */
  malformedEvaluationId: string;
}

/** A check's result before the run decides its outcome (strict mode, timing). */
export interface CheckDraft {
  group: CheckGroup;
  check: string;
  endpoint: string;
  operationId?: OperationId;
  findings: ProviderFinding[];
  skipReason?: string;
}

/** A list; `likelyText`: what it probably is (see ProviderClient.get), for a second form of a list already read. */
export function fetchList(
  ctx: VerifyContext,
  operationId: ListOperationId,
  slash: boolean,
  kind: AppIdKind,
  likelyText?: string,
): Promise<ProviderResponse> {
  const appId = kind === "app" ? ctx.appId : kind === "unknown" ? ctx.unknownAppId : undefined;
  return ctx.client.get(listPath(operationId, slash), appId === undefined ? {} : { app_id: appId }, likelyText);
}

/**
 * The app's list in both path forms: the `/path/` one once the plain one is read, compared with its
 * text as it arrives (one copy of a 26 MB list, not two: src/engine/body-text.ts).
 */
export async function fetchBothForms(ctx: VerifyContext, operationId: ListOperationId): Promise<[ProviderResponse, ProviderResponse]> {
  const plain = await fetchList(ctx, operationId, false, "app");
  return [plain, await fetchList(ctx, operationId, true, "app", plain.text)];
}

export const fetchById = (ctx: VerifyContext, evaluationId: string, slash: boolean): Promise<ProviderResponse> =>
  ctx.client.get(byIdPath(evaluationId, slash));

/** A finding before its check fills in the check's name and operation (defineCheck). */
export type FindingDraft = Omit<ProviderFinding, "check"> & { check?: string };

export const finding = (severity: Severity, path: string, rule: string, message: string, request?: string): FindingDraft =>
  request === undefined ? { severity, path, rule, message } : { severity, path, rule, message, request };

/** Most human evaluations fetched by id per check (the first of the list, plus --human-evaluation-id). */
export const MAX_BY_ID_FETCHES = 1_000;

/** The answer the checks compare: not a transport fault (the transport check reports that). */
export const answered = (response: ProviderResponse): boolean => response.transport === undefined;

/**
 * The records of a list response, or undefined when it is not a 200 JSON array (conformance reports
 * that). A long list's records are parsed one at a time as they are walked: walk it, do not keep it.
 */
export const listRecords = (response: ProviderResponse): JsonList | undefined => (response.status === 200 ? response.elements : undefined);

/** Each list's ids, found once: a long list's records are parsed again on every walk (a million of them, a second). */
const idsOfList = new WeakMap<JsonList, readonly string[]>();

/** The ids of a human-evaluation list, in order, without duplicates (src/engine/record-ids.ts), found once per list. */
export function listedIds(records: JsonList): readonly string[] {
  let ids = idsOfList.get(records);
  if (ids === undefined) idsOfList.set(records, (ids = recordIds(records)));
  return ids;
}

/** The human evaluation ids the by-id checks fetch: the app's list's (the first MAX_BY_ID_FETCHES), plus --human-evaluation-id. */
export async function humanEvaluationIds(ctx: VerifyContext): Promise<string[]> {
  const ids: string[] = [];
  if (ctx.appId !== undefined)
    for (const id of listedIds(listRecords(await fetchList(ctx, "listHumanEvaluations", false, "app")) ?? [])) {
      if (ids.length >= MAX_BY_ID_FETCHES) break;
      ids.push(id);
    }
  if (ctx.humanEvaluationId !== undefined && !ids.includes(ctx.humanEvaluationId)) ids.push(ctx.humanEvaluationId);
  return ids;
}

export const NO_APP_ID = "no --app-id given: only the checks that need no data ran";

/** Why a by-id check has no id to fetch: no app id, a list that is not a list, or an app without human evaluations. */
export async function noIdReason(ctx: VerifyContext): Promise<string> {
  if (ctx.appId === undefined) return NO_APP_ID;
  const records = listRecords(await fetchList(ctx, "listHumanEvaluations", false, "app"));
  if (records === undefined) return "the human evaluation list is not a JSON array (see conformance)";
  return records.length === 0 ? `app ${ctx.appId} lists no human evaluation to fetch by id` : "the human evaluation list has no string ids";
}

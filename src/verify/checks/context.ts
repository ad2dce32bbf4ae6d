// What every check gets: the provider client (responses shared between checks), the ids under
// test, and small helpers to build findings and check results.
import { visitDocument } from "../../check/check-resource.js";
import { checkResponse } from "../../check/check-response.js";
import type { Severity } from "../../check/finding.js";
import { OPERATIONS, type OperationId } from "../../contract/operations.js";
import { isPlainObject } from "../../types/json.js";
import { byIdPath, listPath, type AppIdKind, type ListOperationId } from "../endpoints.js";
import type { ProviderClient, ProviderResponse } from "../../io/provider-client.js";
import type { CheckGroup, VerificationFinding } from "../report.js";

export interface VerifyContext {
  client: ProviderClient;
  appId?: string;
  humanEvaluationId?: string;
  unknownAppId: string;
  unknownEvaluationId: string;
}

/** A check's result before the run decides its outcome (strict mode, timing). */
export interface CheckDraft {
  group: CheckGroup;
  check: string;
  endpoint: string;
  operationId?: OperationId;
  findings: VerificationFinding[];
  skipReason?: string;
}

export function fetchList(ctx: VerifyContext, operationId: ListOperationId, slash: boolean, kind: AppIdKind): Promise<ProviderResponse> {
  const appId = kind === "app" ? ctx.appId : kind === "unknown" ? ctx.unknownAppId : undefined;
  return ctx.client.get(listPath(operationId, slash), appId === undefined ? {} : { app_id: appId });
}

export const fetchById = (ctx: VerifyContext, evaluationId: string, slash: boolean): Promise<ProviderResponse> =>
  ctx.client.get(byIdPath(evaluationId, slash));

export const finding = (severity: Severity, path: string, rule: string, message: string, request?: string): VerificationFinding =>
  request === undefined ? { severity, path, rule, message } : { severity, path, rule, message, request };

/**
 * Most findings one check keeps; past it they are counted, not kept (a list of a million broken
 * records would otherwise hold tens of millions of findings: a 4.5 GB heap abort, issue 23).
 */
export const MAX_FINDINGS_PER_CHECK = 10_000;

/** Most human evaluations fetched by id per check (the first of the list, plus --human-evaluation-id). */
export const MAX_BY_ID_FETCHES = 1_000;

/**
 * Keeps the first MAX_FINDINGS_PER_CHECK findings added; the rest are counted per rule and severity,
 * and `findings()` ends with one finding per such rule saying how many more there were (as validate folds).
 */
export interface FindingList {
  add: (finding: VerificationFinding) => void;
  /**
   * add(complete(finding)), with `complete` (which must keep the severity and rule) called only for
   * a finding that is kept or first of its rule: past the bound, most findings are only counted.
   */
  addWith: <F extends { severity: Severity; rule: string }>(finding: F, complete: (finding: F) => VerificationFinding) => void;
  findings: () => VerificationFinding[];
}

export function createFindingList(limit = MAX_FINDINGS_PER_CHECK): FindingList {
  const kept: VerificationFinding[] = [];
  const beyond = new Map<string, { first: VerificationFinding; count: number }>();
  const addWith = <F extends { severity: Severity; rule: string }>(f: F, complete: (finding: F) => VerificationFinding): void => {
    if (kept.length < limit) return void kept.push(complete(f));
    const key = `${f.severity} ${f.rule}`;
    const seen = beyond.get(key);
    if (seen === undefined) beyond.set(key, { first: complete(f), count: 1 });
    else seen.count++;
  };
  return {
    add: (f) => addWith(f, (same) => same),
    addWith,
    findings: () => [
      ...kept,
      // The same rule and severity as the findings it counts (so the verdict and the rule filters hold).
      ...[...beyond.values()].map(({ first, count }): VerificationFinding => {
        const kind = `${first.rule} ${first.severity}${count === 1 ? "" : "s"}`;
        const message = `and ${count.toLocaleString("en-US")} more ${kind} from ${first.path} on, counted not kept (at most ${limit.toLocaleString("en-US")} findings per check: docs/limits.md); the first: ${first.message}`;
        return { ...first, message, omitted: count - 1 };
      }),
    ],
  };
}

/** The checker's findings of a response to `operationId` (status, content type, every record), each naming its request, at most MAX_FINDINGS_PER_CHECK kept. */
export function conformanceFindings(operationId: OperationId, response: ProviderResponse): VerificationFinding[] {
  const list = createFindingList();
  addConformanceFindings(list, operationId, response);
  return list.findings();
}

/** Keys twice in one object and numbers out of range: valid JSON that clients read differently. */
function addTextIssues(list: FindingList, response: ProviderResponse): void {
  const { issues = [], more = 0 } = response.textIssues ?? {};
  for (const issue of issues)
    list.add(
      issue.kind === "duplicate-key"
        ? finding(
            "error",
            issue.path,
            "duplicate-key",
            `key ${JSON.stringify(issue.text)} appears more than once in this object: the checker sees the last value, a first-wins client another`,
            response.request,
          )
        : finding(
            "error",
            issue.path,
            "number-out-of-range",
            `${issue.text} is out of range for a number (it parses as ${issue.text.startsWith("-") ? "-Infinity" : "Infinity"}; JSON has no infinite numbers)`,
            response.request,
          ),
    );
  if (more > 0)
    list.add(
      finding(
        "error",
        "$",
        "duplicate-key",
        `and ${more.toLocaleString("en-US")} more duplicate keys or out-of-range numbers in this body`,
        response.request,
      ),
    );
}

/** conformanceFindings, added to a check's bounded list. */
export function addConformanceFindings(list: FindingList, operationId: OperationId, response: ProviderResponse): void {
  addTextIssues(list, response);
  if (response.fault !== undefined)
    return list.add(
      response.fault.rule === "max-depth"
        ? finding("error", "$", "max-depth", response.fault.message, response.request)
        : response.fault.rule === "content-encoding"
          ? finding("error", "$", "content-encoding", response.fault.message, response.request)
          : finding("error", "$", "response-too-large", response.fault.message, response.request),
    );
  const request = response.request;
  const documented = (OPERATIONS[operationId].responses as Partial<Record<number, { body: { schema: string; array: boolean } }>>)[
    response.status
  ];
  if (documented?.body.array === true && response.parsed && Array.isArray(response.json)) {
    // A list: the status and content type checked on an empty body, then every record visited with
    // the findings bounded as they come (and the parsed body reused, not parsed again).
    for (const f of checkResponse(operationId, { status: response.status, headers: response.headers, body: "[]" }))
      list.add({ ...f, request });
    const schema = OPERATIONS[operationId].responses[200].body.schema;
    visitDocument(schema, response.json, (f) => list.addWith(f, (g) => ({ ...g, request })));
    return;
  }
  for (const f of checkResponse(operationId, { status: response.status, headers: response.headers, body: response.text }))
    list.add({ ...f, request });
}

/** Records checked between two turns of the event loop: a long list must not starve the requests in flight (their timeouts run). */
const SLICE = 5_000;

/** `$[k]...` of a slice starting at `start` as the path in the whole list. */
const shiftPath = (path: string, start: number): string => path.replace(/^\$\[(\d+)\]/, (_m, k: string) => `$[${Number(k) + start}]`);

/**
 * addConformanceFindings for a list's main response, checked in slices with a turn of the event loop
 * between them: a million records take tens of seconds of checking, during which other responses
 * must still be read before their timeouts.
 */
export async function addListConformanceFindings(
  list: FindingList,
  operationId: ListOperationId,
  response: ProviderResponse,
): Promise<void> {
  if (response.fault !== undefined || response.status !== 200 || !response.parsed || !Array.isArray(response.json))
    return addConformanceFindings(list, operationId, response);
  addTextIssues(list, response);
  const request = response.request;
  for (const f of checkResponse(operationId, { status: response.status, headers: response.headers, body: "[]" }))
    list.add({ ...f, request });
  const schema = OPERATIONS[operationId].responses[200].body.schema;
  const records: unknown[] = response.json;
  for (let start = 0; start < records.length; start += SLICE) {
    visitDocument(schema, records.slice(start, start + SLICE), (f) =>
      list.addWith(f, (g) => ({ ...g, path: shiftPath(g.path, start), request })),
    );
    if (start + SLICE < records.length) await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The records of a list response, or undefined when it is not a 200 JSON array (conformance reports that). */
export const listRecords = (response: ProviderResponse): unknown[] | undefined =>
  response.status === 200 && Array.isArray(response.json) ? response.json : undefined;

/** The ids of a human-evaluation list, in order, without duplicates. */
export function recordIds(records: readonly unknown[]): string[] {
  const ids = records.map((r) => (isPlainObject(r) && typeof r.id === "string" ? r.id : undefined)).filter((id) => id !== undefined);
  return [...new Set(ids)];
}

/** The human evaluation ids the by-id checks fetch: the app's list's (the first MAX_BY_ID_FETCHES), plus --human-evaluation-id. */
export async function humanEvaluationIds(ctx: VerifyContext): Promise<string[]> {
  const ids: string[] = [];
  if (ctx.appId !== undefined)
    for (const id of recordIds(listRecords(await fetchList(ctx, "listHumanEvaluations", false, "app")) ?? [])) {
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

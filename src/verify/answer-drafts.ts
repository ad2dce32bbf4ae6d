// The engine's checks of every answer the verifier got (src/engine/checks: transport, server-error,
// status, content-type, conformance, redirects, ...), as the same checks judge fuzz's answers: one
// check result per check and endpoint. Conformance runs on a long list in slices (the requests still
// in flight are read meanwhile); a body identical to one already checked (the `/path/` form of a
// list) is not walked again.
import type { CheckSettings } from "../engine/checks/index.js";
import { addListConformanceFindings } from "../engine/checks/index.js";
import { createFindingList, type FindingList } from "../engine/finding-list.js";
import { judgeExchange } from "../engine/judge.js";
import type { ProviderResponse } from "../engine/provider-client.js";
import type { CheckDraft } from "./checks/context.js";
import { labelOfRequest, type RequestIds } from "./endpoints.js";

const CONFORMANCE_APART: ReadonlySet<"conformance"> = new Set(["conformance"]);

export async function answerDrafts(answered: readonly ProviderResponse[], ids: RequestIds, settings: CheckSettings): Promise<CheckDraft[]> {
  const drafts = new Map<string, { draft: Omit<CheckDraft, "findings">; list: FindingList }>();
  const listOf = (check: string, response: ProviderResponse): FindingList => {
    const endpoint = labelOfRequest(response.request, ids) ?? response.request;
    const key = `${check}|${endpoint}`;
    let entry = drafts.get(key);
    if (entry === undefined) {
      entry = { draft: { group: "conformance", check, endpoint, operationId: response.sent.operationId }, list: createFindingList() };
      drafts.set(key, entry);
    }
    return entry.list;
  };
  // By text, then operation and status: a key made by joining them would copy a 26 MB body.
  const walked = new Map<string, Set<string>>();
  for (const response of answered) {
    for (const finding of judgeExchange(response.sent, response.outcome, settings, response, CONFORMANCE_APART))
      listOf(finding.check, response).add(finding);
    if (response.transport !== undefined) continue;
    // A body walked once however many requests answered it (the `/path/` form of a 20,000-record
    // list): its findings are the same, filed under the first endpoint that got it.
    const kind = `${response.sent.operationId}|${response.status}`;
    const kinds = walked.get(response.text) ?? new Set<string>();
    if (kinds.has(kind)) continue;
    walked.set(response.text, kinds.add(kind));
    await addListConformanceFindings(listOf("conformance", response), response.sent.operationId, response);
  }
  return [...drafts.values()].map(({ draft, list }) => ({ ...draft, findings: list.findings() }));
}

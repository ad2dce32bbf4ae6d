// Fuzz's run as the report model: a section per endpoint, a check per fuzz check of its operation,
// each failure a finding with its shrunk request as sent, the answer, and the curl line that
// reproduces it.
import { plural } from "../check/format-findings.js";
import type { Finding } from "../check/finding.js";
import type { OperationId } from "../contract/operations.js";
import type { ProviderFinding } from "../engine/finding.js";
import { redactUrlSecrets } from "../io/redact.js";
import type { FuzzCheckSummary, FuzzReport, FuzzRequest } from "../fuzz/types.js";
import { baselineBlock, type BaselineLike } from "./baseline-block.js";
import { buildReport, optional, type DraftCheckSection } from "./build-report.js";
import { groupedFindingLines, groupFindings } from "./group-findings.js";
import type { Report, ReportFinding, SentRequest } from "./model.js";

type Request = Pick<FuzzRequest, "method" | "path" | "query" | "headers"> & Partial<Pick<FuzzRequest, "body" | "label">>;

/** A fuzz failure as it is now, or as the one finding type it is becoming: every field read with care. */
type FailureLike = Omit<Partial<ProviderFinding>, "request"> & {
  check: string;
  severity: Finding["severity"];
  message: string;
  operationId?: OperationId;
  hits?: number;
  request?: Request | string;
  original?: Request;
  status?: number;
  firstLine?: string;
  curl?: string;
  findings?: Finding[];
};

/** Path and query as they went on the wire. */
const targetOf = (request: Pick<Request, "path" | "query">): string =>
  request.query.length === 0 ? request.path : `${request.path}?${request.query.map(([n, v]) => (v === null ? n : `${n}=${v}`)).join("&")}`;

/** `GET /human-evaluations/zz [accept: text/html]`: long targets cut in the middle (the curl line has the whole request). */
export function requestLine(request: Request): string {
  const target = targetOf(request);
  const shown = target.length > 160 ? `${target.slice(0, 120)}...${target.slice(-20)} (${target.length} chars)` : target;
  const headers = request.headers
    .filter(([name, value]) => name !== "content-type" && !(name === "accept" && value === "application/json"))
    .map(([name, value]) => ` [${name}: ${value.length > 40 ? `${value.slice(0, 37)}...` : value}]`);
  return `${request.method} ${shown}${headers.join("")}`;
}

const sentOf = (request: Request): SentRequest => ({
  method: request.method,
  path: request.path,
  query: request.query,
  headers: request.headers,
  ...(request.body === undefined ? {} : { body: request.body }),
});

function toFinding(failure: FailureLike, check: FuzzCheckSummary): ReportFinding {
  const operation = failure.operation ?? failure.operationId ?? check.operationId;
  const request = typeof failure.request === "object" ? failure.request : undefined;
  const original = failure.original ?? request;
  const details: string[] = [];
  if (request !== undefined && original !== undefined) {
    const shrunk = targetOf(request).length < targetOf(original).length || request.query.length < original.query.length;
    const first = original.label === undefined ? "" : ` (first: ${original.label})`;
    const from = shrunk ? `; shrunk from ${targetOf(original).length} to ${targetOf(request).length} characters` : "";
    details.push(`${plural(failure.hits ?? 1, "request")}${first}${from}`, `request: ${requestLine(request)}`);
  }
  const answer =
    failure.firstLine === undefined
      ? undefined
      : `${failure.status ?? "no answer"}${failure.firstLine === "" ? "" : ` ${failure.firstLine}`}`;
  if (answer !== undefined) details.push(`answer:  ${answer}`);
  const behind = (failure.findings ?? []).map((f): ReportFinding => ({ ...f, check: failure.check }));
  details.push(...groupedFindingLines(groupFindings(behind).slice(0, 3), false));
  return {
    check: failure.check,
    severity: failure.severity,
    operation,
    path: failure.path ?? "$",
    rule: failure.rule ?? failure.check,
    message: failure.message,
    request:
      request === undefined ? (typeof failure.request === "string" ? failure.request : "") : `${request.method} ${targetOf(request)}`,
    ...(failure.cause === undefined ? {} : { cause: failure.cause }),
    ...(failure.omitted === undefined ? {} : { omitted: failure.omitted }),
    ...(failure.known === undefined ? {} : { known: failure.known }),
    ...(failure.hits === undefined ? {} : { hits: failure.hits }),
    ...(answer === undefined ? {} : { answer }),
    ...(failure.curl === undefined ? {} : { reproduce: redactUrlSecrets(failure.curl) }),
    ...(request === undefined ? {} : { sent: sentOf(request) }),
    ...(details.length === 0 ? {} : { details }),
  };
}

export function fuzzVerdictLine(report: Pick<FuzzReport, "verdict" | "strict"> & Partial<Pick<FuzzReport, "replay">>): string {
  const strict = report.strict ? " (strict: warnings count as errors)" : "";
  if (report.replay !== undefined) {
    if (report.verdict === "fail") return `FAIL: replayed failures still fail${strict}`;
    if (report.verdict === "partial")
      return `INCOMPLETE: ${plural(report.replay.notReplayed, "failure")} not replayed: nothing can be called fixed${strict}`;
    return `PASS: no replayed failure fails any more${strict}`;
  }
  if (report.verdict === "fail") return `FAIL: odd requests break the provider${strict}`;
  if (report.verdict === "partial") return `INCOMPLETE: nothing failed, but too few requests were sent to call it a pass${strict}`;
  return `PASS: no odd request broke the provider${strict}`;
}

export function fromFuzz(report: FuzzReport): Report {
  const baseUrl = redactUrlSecrets(report.baseUrl);
  const shard = report.shard === undefined ? undefined : `${report.shard.index}/${report.shard.total}`;
  const sections: DraftCheckSection[] = [];
  for (const check of report.checks) {
    const operation = (check as { operation?: OperationId }).operation ?? check.operationId;
    let section = sections.find((s) => s.title === check.endpoint);
    if (section === undefined) sections.push((section = { kind: "checks", title: check.endpoint, operation, checks: [] }));
    section.checks.push({
      check: check.check,
      operation,
      outcome: check.outcome,
      requests: check.requests,
      findings: (check.failures as unknown as FailureLike[]).map((failure) => toFinding(failure, check)),
    });
  }
  const replay = report.replay;
  const repeat =
    replay === undefined
      ? `Repeat this run with --seed ${report.seed}${shard === undefined ? "" : ` --shard ${shard}`} and the same --max-requests.`
      : `Repeat this replay with --replay ${replay.source}.`;
  const shrink = report.shrinkRequests > 0 ? ` (+${report.shrinkRequests.toLocaleString("en-US")} to shrink)` : "";
  return buildReport({
    tool: "fuzz",
    name: `evals-contract fuzz${shard === undefined ? "" : ` (shard ${shard})`}`,
    subject: baseUrl,
    intro: [
      replay === undefined
        ? `Fuzzing ${baseUrl} (app_id ${report.appId}; seed ${report.seed}${shard === undefined ? "" : `, shard ${shard}`}; ${plural(report.planned, "request")} planned)`
        : `Replaying the ${plural(replay.cases, "failure")} of ${replay.source} against ${baseUrl} (app_id ${report.appId})`,
    ],
    verdict: report.verdict,
    verdictLine: fuzzVerdictLine(report),
    strict: report.strict,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    properties: {
      baseUrl,
      appId: report.appId,
      ...(replay === undefined ? { seed: String(report.seed) } : { replay: replay.source }),
      ...(shard === undefined ? {} : { shard }),
      ...optional("compat", (report as { compat?: string }).compat),
      planned: String(report.planned),
      sent: String(report.sent),
      shrinkRequests: String(report.shrinkRequests),
      stoppedBy: report.stoppedBy,
      ...(report.maxResponseTimeMs === undefined ? {} : { maxResponseTimeMs: String(report.maxResponseTimeMs) }),
    },
    notes: [...report.notes, repeat],
    ...baselineBlock((report as { baseline?: BaselineLike }).baseline),
    sections,
    requests: report.sent,
    summaryTail: `; ${plural(report.sent, "request")}${shrink} in ${(report.durationMs / 1000).toFixed(2)} s`,
    observations: report.observations,
  });
}

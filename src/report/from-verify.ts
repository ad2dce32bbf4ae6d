// Verify's run as the report model: a section per endpoint holding its checks (Pact interactions,
// the conformance sweep, the cross-endpoint checks), each finding named by its check and operation.
import { redactUrlSecrets } from "../io/redact.js";
import type { OperationId } from "../contract/operations.js";
import type { ProviderFinding } from "../engine/finding.js";
import { CHECK_GROUPS, type CheckResult, type VerificationReport } from "../verify/report.js";
import { baselineBlock, type BaselineLike } from "./baseline-block.js";
import { buildReport, optional, requestsIn, type DraftCheck, type DraftCheckSection } from "./build-report.js";
import type { Report, ReportFinding } from "./model.js";

/** A verify finding as the one finding type: `check` and `operation` from its check when it does not carry them yet. */
function toFinding(finding: CheckResult["findings"][number], check: CheckResult): ReportFinding {
  const own = finding as Partial<ProviderFinding> & typeof finding;
  const operation: OperationId | undefined = own.operation ?? check.operationId;
  return {
    check: own.check ?? check.check,
    severity: own.severity,
    ...(operation === undefined ? {} : { operation }),
    path: own.path,
    rule: own.rule,
    message: own.message,
    ...(own.request === undefined ? {} : { request: own.request }),
    ...(own.cause === undefined ? {} : { cause: own.cause }),
    ...(own.omitted === undefined ? {} : { omitted: own.omitted }),
    ...(own.known === undefined ? {} : { known: own.known }),
  };
}

/** The last line: the verdict, in words that cannot be mistaken for one another. */
export function verifyVerdictLine(report: Pick<VerificationReport, "verdict" | "strict">): string {
  const strict = report.strict ? " (strict: warnings count as errors)" : "";
  if (report.verdict === "fail") return `FAIL: the provider breaks the contract${strict}`;
  if (report.verdict === "partial")
    return `PARTIAL: no check failed, but without --app-id only the checks that need no data ran: not a verdict on the contract${strict}`;
  return `PASS: the provider conforms to the contract${strict}`;
}

export function fromVerify(report: VerificationReport): Report {
  const baseUrl = redactUrlSecrets(report.baseUrl);
  const target = report.appId === undefined ? "no app_id" : `app_id ${report.appId}`;
  const intro = [
    `Verifying ${baseUrl} (${target}; unknown ids: app ${report.unknownAppId}, human evaluation ${report.unknownEvaluationId})`,
  ];
  if (report.appId === undefined)
    intro.push("Partial run (no --app-id): only the checks that need no data ran; pass --app-id to sweep records and run Pact.");
  if (report.pact === "disabled") intro.push("Pact verification: disabled.");
  const sections: DraftCheckSection[] = [];
  for (const check of report.checks) {
    let section = sections.at(-1);
    if (section?.title !== check.endpoint) {
      // Sections follow the report's endpoint order; an endpoint met again (a run-wide check between) joins its section.
      section = sections.find((s) => s.title === check.endpoint);
      if (section === undefined) {
        section = {
          kind: "checks",
          title: check.endpoint,
          ...(check.operationId === undefined ? {} : { operation: check.operationId }),
          checks: [],
        };
        sections.push(section);
      }
    }
    const draft: DraftCheck = {
      check: check.check,
      group: check.group,
      ...(check.operationId === undefined ? {} : { operation: check.operationId }),
      outcome: check.outcome,
      ...(check.skipReason === undefined ? {} : { skipReason: check.skipReason }),
      durationMs: check.durationMs,
      findings: check.findings.map((finding) => toFinding(finding, check)),
    };
    section.checks.push(draft);
  }
  return buildReport({
    tool: "verify",
    name: `evals-contract verify${report.verdict === "partial" ? " (partial: no --app-id)" : ""}`,
    subject: baseUrl,
    intro,
    verdict: report.verdict,
    verdictLine: verifyVerdictLine(report),
    strict: report.strict,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    properties: {
      baseUrl,
      appId: report.appId ?? "",
      ...(report.humanEvaluationId === undefined ? {} : { humanEvaluationId: report.humanEvaluationId }),
      unknownAppId: report.unknownAppId,
      unknownEvaluationId: report.unknownEvaluationId,
      ...optional("malformedEvaluationId", (report as Partial<VerificationReport>).malformedEvaluationId),
      ...optional("compat", (report as Partial<VerificationReport>).compat),
      pact: report.pact,
    },
    groups: [...CHECK_GROUPS],
    notes: report.notes,
    ...(report.hint === undefined ? {} : { hint: report.hint }),
    ...baselineBlock((report as { baseline?: BaselineLike }).baseline),
    sections,
    requests: report.requests,
    summaryTail: `; ${requestsIn(report.requests, report.durationMs)}`,
    observations: report.observations,
  });
}

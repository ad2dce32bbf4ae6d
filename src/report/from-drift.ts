// Drift's comparison as the report model: a section per place in the documents (`document`,
// `GET /evaluations`, `GET /evaluations 200`), a check per kind of difference found there; a
// breaking difference is an error, a compatible one a warning.
import { plural } from "../check/format-findings.js";
import { OPERATION_IDS, OPERATIONS, type OperationId } from "../contract/operations.js";
import type { DriftFinding, DriftReport } from "../drift/finding.js";
import { redactUrlSecrets } from "../io/redact.js";
import { buildReport, type DraftCheckSection } from "./build-report.js";
import type { Report, ReportFinding } from "./model.js";

/** The contract's operation a place names (`GET /evaluations 200` is listEvaluations); none for `document` or an added path. */
function operationOf(where: string): OperationId | undefined {
  const [method, path] = where.split(" ");
  return OPERATION_IDS.find((id) => method === OPERATIONS[id].method.toUpperCase() && path === OPERATIONS[id].path);
}

function toFinding(finding: DriftFinding, operation: OperationId | undefined): ReportFinding {
  const pointers = {
    ...(finding.provider === undefined ? {} : { provider: finding.provider }),
    ...(finding.contract === undefined ? {} : { contract: finding.contract }),
  };
  return {
    check: finding.kind,
    severity: finding.severity === "breaking" ? "error" : "warning",
    ...(operation === undefined ? {} : { operation }),
    path: finding.path,
    rule: finding.kind,
    message: finding.message,
    cause: `${finding.where} ${finding.path}`.trim(),
    ...(Object.keys(pointers).length === 0 ? {} : { pointers }),
  };
}

export function fromDrift(report: DriftReport): Report {
  const source = redactUrlSecrets(report.source);
  const sections: DraftCheckSection[] = [];
  for (const finding of report.findings) {
    let section = sections.find((s) => s.title === finding.where);
    const operation = operationOf(finding.where);
    if (section === undefined)
      sections.push((section = { kind: "checks", title: finding.where, ...(operation === undefined ? {} : { operation }), checks: [] }));
    let check = section.checks.find((c) => c.check === finding.kind);
    if (check === undefined) {
      check = { check: finding.kind, ...(operation === undefined ? {} : { operation }), outcome: "warned", findings: [] };
      section.checks.push(check);
    }
    check.findings = [...check.findings, toFinding(finding, operation)];
    if (finding.severity === "breaking") check.outcome = "failed";
  }
  const n = (value: number): string => value.toLocaleString("en-US");
  return buildReport({
    tool: "drift",
    name: "evals-contract drift",
    subject: source,
    intro: [`Drift of ${source} (OpenAPI ${report.providerVersion}) from the contract (OpenAPI ${report.contractVersion})`],
    verdict: report.breaking > 0 ? "fail" : "pass",
    verdictLine:
      report.breaking > 0
        ? "FAIL: the provider's document drifts from the contract in ways that break clients"
        : "PASS: no breaking drift from the contract",
    strict: false,
    properties: { source, providerVersion: report.providerVersion, contractVersion: report.contractVersion },
    notes: [],
    sections,
    summary: `${plural(report.findings.length, "difference")}: ${n(report.breaking)} breaking (errors), ${n(report.compatible)} compatible (warnings)`,
  });
}

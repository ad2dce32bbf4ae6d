// snapshot's run as the report model: one section for the dataset written, with three checks: the
// exchanges (the engine's findings on the answers), by-id (a by-id answer that is not its list
// record) and conformance (the dataset checked as validate checks a file); the fields replaced by
// --anonymize as a list, with counts. Never a value the snapshot's own --report leaves out: no salt,
// and anonymised runs hand over their findings already stripped (src/snapshot/snapshot.ts).
import type { SnapshotResult } from "../snapshot/index.js";
import { plural } from "../check/format-findings.js";
import { buildReport, type DraftCheck, type DraftSection } from "./build-report.js";
import type { Report, ReportFinding } from "./model.js";

export interface SnapshotRun {
  /** What was read: the HAR file, or the base URL and the number of apps. */
  source: string;
  /** The dataset file written. */
  out: string;
  /** Read from a HAR file: nothing was fetched by id. */
  fromHar?: boolean;
  /** `--anonymize strict`. */
  strictAnonymize?: boolean;
  result: Pick<SnapshotResult, "validation" | "differences" | "exchangeFindings" | "notes" | "anonymization" | "counts">;
}

/** A check of its findings: failed with an error, warned with warnings only, passed with none. */
function draftCheck(check: string, findings: ReportFinding[]): DraftCheck {
  const outcome = findings.some((f) => f.severity === "error") ? "failed" : findings.length > 0 ? "warned" : "passed";
  return { check, outcome, findings };
}

export function fromSnapshot(run: SnapshotRun): Report {
  const { result } = run;
  const conformance = result.validation.findings.map((f): ReportFinding => ({
    check: "conformance",
    severity: f.severity,
    path: f.path,
    rule: f.rule,
    message: f.message,
  }));
  const byId = result.differences.map((difference): ReportFinding => ({
    check: "by-id",
    severity: "error",
    path: "$",
    rule: "by-id",
    message: `by id: ${difference}`,
  }));
  const checks = [draftCheck("exchange", [...result.exchangeFindings]), draftCheck("by-id", byId), draftCheck("conformance", conformance)];
  const failed = checks.some((check) => check.outcome === "failed");
  const { evaluations, humanEvaluations, byIdRequests } = result.counts;
  const anonymised = result.anonymization === undefined ? "" : run.strictAnonymize === true ? ", anonymised (strict)" : ", anonymised";
  const sections: DraftSection[] = [{ kind: "checks", title: run.out, checks }];
  if (result.anonymization !== undefined && result.anonymization.fields.length > 0)
    sections.push({
      kind: "list",
      title: "Replaced (field: values replaced, distinct):",
      items: result.anonymization.fields.map(({ field, replaced, distinct }) => `${field}: ${replaced}, ${distinct}`),
    });
  return buildReport({
    tool: "snapshot",
    name: "evals-contract snapshot",
    subject: run.source,
    intro: [
      `snapshot of ${run.source}: ${plural(evaluations, "evaluation")}, ${plural(humanEvaluations, "human evaluation")}${run.fromHar === true ? "" : ` (${byIdRequests.toLocaleString("en-US")} fetched by id)`}${anonymised} -> ${run.out}`,
    ],
    verdict: failed ? "fail" : "pass",
    verdictLine: failed ? `FAIL: the snapshot ${run.out} breaks the contract` : `PASS: the snapshot ${run.out} conforms to the contract`,
    strict: false,
    properties: {
      out: run.out,
      evaluations: String(evaluations),
      humanEvaluations: String(humanEvaluations),
      byIdRequests: String(byIdRequests),
      anonymized: result.anonymization === undefined ? "no" : run.strictAnonymize === true ? "strict" : "yes",
    },
    notes: [...result.notes],
    sections,
  });
}

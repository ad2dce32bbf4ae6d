// Validate's findings as the report model: one section, the file, with one check, the checker's
// conformance against the schema named (or the dataset's two).
import type { Finding } from "../check/finding.js";
import { summarizeCounts } from "../check/format-findings.js";
import { buildReport } from "./build-report.js";
import type { Report, ReportFinding } from "./model.js";

export interface ValidateRun {
  /** The file checked, `-` for standard input. */
  file: string;
  /** The schema it was checked against; null when it could not be (a document too deep to check). */
  schema: string | null;
  /** `20 Evaluation records, 5 HumanEvaluation records`. */
  records: string;
  strict: boolean;
  /** Every finding (already escalated under strict). */
  findings: readonly Finding[];
}

export function fromValidate(run: ValidateRun): Report {
  const subject = run.file === "-" ? "standard input" : run.file;
  const findings = run.findings.map((f): ReportFinding => ({
    check: "conformance",
    severity: f.severity,
    path: f.path,
    rule: f.rule,
    message: f.message,
  }));
  let errors = 0;
  for (const f of run.findings) if (f.severity === "error") errors++;
  const failed = errors > 0;
  const strict = run.strict ? " (strict: warnings count as errors)" : "";
  const described = run.records === "" ? subject : `${subject} (${run.records})`;
  return buildReport({
    tool: "validate",
    name: "evals-contract validate",
    subject,
    intro: [`Validating ${described} against ${run.schema ?? "the contract"}`],
    verdict: failed ? "fail" : "pass",
    verdictLine: failed
      ? `FAIL: ${subject} does not conform to the contract${strict}`
      : `PASS: ${subject} conforms to the contract${strict}`,
    strict: run.strict,
    properties: { file: run.file, schema: run.schema ?? "", records: run.records },
    notes: [],
    sections: [
      {
        kind: "checks",
        title: subject,
        checks: [{ check: "conformance", outcome: failed ? "failed" : findings.length > 0 ? "warned" : "passed", findings }],
      },
    ],
    summary: summarizeCounts(errors, run.findings.length - errors, described),
  });
}

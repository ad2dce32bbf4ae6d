// The one report module: the model every tool's run becomes (model.ts, built by from-*.ts) and one
// renderer per format (text, JSON, JUnit, HTML). verify, fuzz, coverage, drift, validate and snapshot use it;
// its JSON is published as `evals-contract/schemas/report.json`.
export type {
  CheckOutcome,
  CheckSection,
  FindingRange,
  ListSection,
  Report,
  ReportBaseline,
  ReportCheck,
  ReportCounts,
  ReportFinding,
  ReportSection,
  ReportTool,
  ReportVerdict,
  SentRequest,
  SideFigures,
  TableCell,
  TableRow,
  TableSection,
} from "./model.js";
export { fromVerify, verifyVerdictLine } from "./from-verify.js";
export { fromFuzz, fuzzVerdictLine } from "./from-fuzz.js";
export { coverageVerdictLine, fromCoverage } from "./from-coverage.js";
export { fromDrift } from "./from-drift.js";
export { fromValidate } from "./from-validate.js";
export type { ValidateRun } from "./from-validate.js";
export { fromSnapshot } from "./from-snapshot.js";
export type { SnapshotRun } from "./from-snapshot.js";
export { exitCodeOf } from "./exit-code-of.js";
export type { ReportExitCode } from "./exit-code-of.js";
export { renderText } from "./render-text.js";
export type { TextOptions } from "./render-text.js";
export { REPORT_SCHEMA_ID, writeJsonReport } from "./write-json-report.js";
export { renderJUnit } from "./render-junit.js";
export { htmlPieces, renderHtml, writeHtmlReport } from "./html/render-html.js";
export { toolkitVersion } from "../io/toolkit-version.js";

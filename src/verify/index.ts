// `evals-contract/verify`: verifies any implementation of the Evaluation Listing Service from its
// base URL (Pact contracts, a conformance sweep of every record, cross-endpoint checks).
export { verifyProvider, DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from "./verify-provider.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "../engine/index.js";
export type { VerifyOptions } from "./verify-provider.js";
// The engine both provider tools share: the checks' names, the run's settings, the baseline.
export {
  COMPATS,
  PROVIDER_BOUNDS,
  resolveProviderSettings,
  CHECK_NAMES,
  applyBaseline,
  baselineFromFindings,
  baselineBytesNow,
  readBaseline,
  readBaselineFile,
  readBaselineIfExists,
  writeBaseline,
} from "../engine/index.js";
export type {
  Baseline,
  BaselineEntry,
  BaselineSummary,
  Compat,
  ProviderFinding,
  ProviderSettings,
  ProviderSettingsOptions,
} from "../engine/index.js";
export type {
  CheckGroup,
  CheckOutcome,
  CheckResult,
  VerificationCounts,
  VerificationFinding,
  VerificationReport,
  Verdict,
} from "./report.js";
// Its reports: the run as the one report model, and the renderers every tool shares (src/report/).
export {
  fromVerify,
  htmlPieces,
  REPORT_SCHEMA_ID,
  renderHtml,
  renderJUnit,
  renderText,
  toolkitVersion,
  verifyVerdictLine,
  writeHtmlReport,
  writeJsonReport,
} from "../report/index.js";
export type {
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
  TableCell,
  TableRow,
  TableSection,
  TextOptions,
} from "../report/index.js";
export { runPactVerification } from "../pact/index.js";
export type { PactInteractionResult, PactStepOptions, PactVerificationOptions, PactVerificationResult } from "../pact/index.js";
// The fuzzer has its own entry (`evals-contract/fuzz`); its runner is here too, beside verify's.
export { fuzzProvider } from "../fuzz/index.js";
export type { FuzzOptions, FuzzReport } from "../fuzz/index.js";

// `evals-contract/verify`: verifies any implementation of the Evaluation Listing Service from its
// base URL (Pact contracts, a conformance sweep of every record, cross-endpoint checks).
export { verifyProvider, DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from "./verify-provider.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "../io/read-body.js";
export type { VerifyOptions } from "./verify-provider.js";
export type {
  CheckGroup,
  CheckOutcome,
  CheckResult,
  VerificationCounts,
  VerificationFinding,
  VerificationReport,
  Verdict,
} from "./report.js";
export { formatReport, formatSummary } from "./format-report.js";
export type { FormatOptions } from "./format-report.js";
export { toJUnitXml } from "./junit-report.js";
export { runPactVerification } from "../pact/index.js";
export type { PactInteractionResult, PactStepOptions, PactVerificationOptions, PactVerificationResult } from "../pact/index.js";
export { toHtmlReport, writeHtmlReport } from "./html-report.js";
// The fuzzer has its own entry (`evals-contract/fuzz`); its runner is here too, beside verify's.
export { fuzzProvider } from "../fuzz/index.js";
export type { FuzzOptions, FuzzReport } from "../fuzz/index.js";

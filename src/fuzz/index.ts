// `evals-contract/fuzz`: sends every odd request a real client or attacker can send to a provider
// (malformed ids, odd app_ids, other methods, odd Accept headers), checks every answer, and reports
// each failure shrunk to a minimal request with a curl line that reproduces it.
export {
  fuzzProvider,
  planFuzzRequests,
  resolveFuzzOptions,
  DEFAULT_FUZZ_CONCURRENCY,
  DEFAULT_FUZZ_CONCURRENCY as DEFAULT_CONCURRENCY,
  DEFAULT_FUZZ_TIMEOUT_MS,
  SHRINK_BUDGET,
} from "./fuzz-provider.js";
export type { FuzzOptions } from "./fuzz-provider.js";
export { DEFAULT_MAX_REQUESTS, formatPlannedRequest, targetOf } from "./plan.js";
export { curlCommand } from "./curl.js";
export { formatFuzzReport, fuzzSummaryLine, fuzzVerdictLine } from "./format-report.js";
export { toFuzzJUnitXml } from "./junit-report.js";
export { toFuzzHtmlReport, writeFuzzHtmlReport } from "./html-report.js";
export { FUZZ_CHECKS } from "./types.js";
export type {
  CheckHit,
  FuzzAnswer,
  FuzzCheckName,
  FuzzCheckSummary,
  FuzzFailure,
  FuzzPhase,
  FuzzReport,
  FuzzRequest,
  TransportFault,
} from "./types.js";

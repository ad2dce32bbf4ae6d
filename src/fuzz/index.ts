// `evals-contract/fuzz`: sends every odd request a real client or attacker can send to a provider
// (malformed ids, odd app_ids, other methods, odd Accept headers), checks every answer, and reports
// each failure shrunk to a minimal request with a curl line that reproduces it.
export {
  fuzzProvider,
  planFuzzRequests,
  iterateFuzzRequests,
  resolveFuzzOptions,
  DEFAULT_FUZZ_CONCURRENCY,
  DEFAULT_FUZZ_CONCURRENCY as DEFAULT_CONCURRENCY,
  DEFAULT_FUZZ_TIMEOUT_MS,
  SHRINK_BUDGET,
} from "./fuzz-provider.js";
export type { FuzzOptions } from "./fuzz-provider.js";
export { failureFinding } from "./fuzz-provider.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "../engine/index.js";
export { replayCases, replayFailures } from "./replay.js";
export type { ReplayCase, ReplayOptions } from "./replay.js";
// The engine both provider tools share: the checks' names, the compat eras, the baseline.
export {
  COMPATS,
  PROVIDER_BOUNDS,
  resolveProviderSettings,
  CHECK_NAMES,
  applyBaseline,
  baselineFromFindings,
  readBaseline,
  readBaselineIfExists,
  writeBaseline,
} from "../engine/index.js";
export type { Baseline, BaselineEntry, Compat, ProviderFinding, ProviderSettings, ProviderSettingsOptions } from "../engine/index.js";
export { DEFAULT_MAX_REQUESTS, formatPlannedRequest, targetOf } from "./plan.js";
export { curlCommand } from "./curl.js";
// Its reports: the run as the one report model, and the renderers every tool shares (src/report/).
export {
  fromFuzz,
  fuzzVerdictLine,
  htmlPieces,
  renderHtml,
  renderJUnit,
  renderText,
  writeHtmlReport,
  writeJsonReport,
} from "../report/index.js";
export type { Report, ReportFinding, TextOptions } from "../report/index.js";
export { FUZZ_CHECKS } from "./types.js";
export type {
  FuzzAnswer,
  FuzzCheckName,
  FuzzCheckSummary,
  FuzzFailure,
  FuzzPhase,
  FuzzReport,
  FuzzRequest,
  TransportFault,
} from "./types.js";

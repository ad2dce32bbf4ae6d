// The engine every tool that talks to a provider shares (verify, fuzz): one exchange (the request as
// sent, the answer or the transport fault, the timings), one HTTP client, one check interface and
// registry, one finding type, one baseline. Verify and fuzz differ in what they plan, not in how
// it is sent or judged.
export { createHttpClient, classifyExchangeError, MAX_REDIRECTS } from "./http-client.js";
export type {
  ExchangeAnswer,
  ExchangeFault,
  ExchangeOutcome,
  ExchangeRequest,
  HttpClient,
  HttpClientOptions,
  Redirect,
  TransportFaultKind,
} from "./http-client.js";
export { assertReachable, createProviderClient, isUnreachable } from "./provider-client.js";
export type { ProviderClient, ProviderClientOptions, ProviderResponse } from "./provider-client.js";
export { operationOfPath, requestLine, targetOf, WRITE_METHODS } from "./request.js";
export type { PlannedRequest } from "./request.js";
export { parseAnswer } from "./parsed-answer.js";
export type { ParsedAnswer } from "./parsed-answer.js";
export { judgeExchange } from "./judge.js";
export { createExecutor } from "./executor.js";
export type { Executor, ExecutorOptions, PumpEnd } from "./executor.js";
export { CHECKS, CHECK_NAMES, legacyAnswer } from "./checks/index.js";
export type { Check, CheckContext, CheckName, CheckSettings } from "./checks/index.js";
export { causeOf, findingKey, keyText, pathPattern } from "./finding.js";
export type { FindingKey, ProviderFinding } from "./finding.js";
export { createFindingList, MAX_FINDINGS_PER_CHECK } from "./finding-list.js";
export type { FindingList } from "./finding-list.js";
export {
  COMPATS,
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  PROVIDER_BOUNDS,
  boundedInteger,
  resolveProviderSettings,
} from "./provider-settings.js";
export type { Compat, ProviderSettings, ProviderSettingsOptions } from "./provider-settings.js";
export { providerHeaders } from "./provider-headers.js";
export { recordId, recordIds } from "./record-ids.js";
export type { HeadersInput } from "./provider-headers.js";
export { applyBaseline, baselineFromFindings, isCalendarDate, isExpired, BASELINE_SCHEMA_ID } from "./baseline.js";
export type { Baseline, BaselineEntry, BaselineOutcome, BaselineSummary } from "./baseline.js";
export { baselineBytesNow, readBaseline, readBaselineFile, readBaselineIfExists, writeBaseline } from "./baseline-file.js";

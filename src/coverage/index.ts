// `evals-contract/coverage`: which of the service's answers a client's tests (the mock's and MSW's
// recordings, HAR files) and a provider's data (verify and fuzz reports) exercised, counted against the
// contract's surface and client cases (src/contract/client-cases.ts).
export { createObservationFolder, foldObservations, observe, observationLine, operationOfPath } from "./observation.js";
export type { AnsweredRequest, Observation, ObservationFolder, ObservationSide, ObservationSource } from "./observation.js";
export { createAnswerObserver } from "./observe-answer.js";
export { harEntryText, isHar, observationsFromHar } from "./har.js";
export type { HarEntryFields } from "./har.js";
export { parseObservations, readHarEntries, readObservationFiles } from "./read-observations.js";
export { endpointLabel, requirableIds, tallyCoverage } from "./tally.js";
export type { CoverageInput, CoverageOptions, CoverageReport, CoverageRow, SideCount, SideTotal } from "./tally.js";
// Its reports: the tally as the one report model, and the renderers every tool shares (src/report/).
export {
  coverageVerdictLine,
  fromCoverage,
  htmlPieces,
  renderHtml,
  renderJUnit,
  renderText,
  writeHtmlReport,
  writeJsonReport,
} from "../report/index.js";
export type { Report } from "../report/index.js";
export { CLIENT_CASES, SURFACE, casesInBody } from "../contract/client-cases.js";

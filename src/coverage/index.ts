// `evals-contract/coverage`: which of the service's answers a client's tests (the mock's and MSW's
// recordings, HAR files) and a provider's data (verify and fuzz reports) exercised, counted against the
// contract's surface and client cases (src/contract/client-cases.ts).
export { createObservationFolder, foldObservations, observe, observationLine, operationOfPath } from "./observation.js";
export type { AnsweredRequest, Observation, ObservationFolder, ObservationSide, ObservationSource } from "./observation.js";
export { createAnswerObserver } from "./observe-answer.js";
export { isHar, observationsFromHar } from "./har.js";
export { parseObservations, readObservationFiles } from "./read-observations.js";
export { endpointLabel, requirableIds, tallyCoverage } from "./tally.js";
export type { CoverageInput, CoverageOptions, CoverageReport, CoverageRow, SideCount, SideTotal } from "./tally.js";
export { coverageVerdictLine, formatCoverageReport } from "./format-report.js";
export { toCoverageJUnitXml } from "./junit-report.js";
export { toCoverageHtmlReport, writeCoverageHtmlReport } from "./html-report.js";
export { CLIENT_CASES, SURFACE, casesInBody } from "../contract/client-cases.js";

// Every check the engine runs on an exchange, in report order: the single registry. Verify and fuzz
// run all of them on every answer they get; the check names' type is derived from this list. A new
// check is a module here, one line below, and its rationale in docs/rules.md.
import { conformanceCheck } from "./conformance.js";
import { contentTypeCheck } from "./content-type.js";
import { filterBypassCheck } from "./filter-bypass.js";
import { leakCheck } from "./leak.js";
import { methodCheck } from "./method.js";
import { redirectsCheck } from "./redirects.js";
import { responseTimeCheck } from "./response-time.js";
import { serverErrorCheck } from "./server-error.js";
import { statusCheck } from "./status.js";
import { transportCheck } from "./transport.js";

export const CHECKS = [
  transportCheck,
  serverErrorCheck,
  statusCheck,
  contentTypeCheck,
  conformanceCheck,
  filterBypassCheck,
  methodCheck,
  redirectsCheck,
  responseTimeCheck,
  leakCheck,
] as const;

export type CheckName = (typeof CHECKS)[number]["name"];

export const CHECK_NAMES: readonly CheckName[] = CHECKS.map((check) => check.name);

export { transportFindings } from "./transport.js";
export { firstLine, type Check, type CheckContext, type CheckSettings } from "./check.js";
export { addConformanceFindings, addListConformanceFindings, conformanceFindings } from "./conformance.js";
export { legacyAnswer } from "./legacy-answer.js";
export { bodySignature } from "./signature.js";

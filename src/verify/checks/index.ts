// Every check the verifier runs besides Pact, in one list: a new check is a module here declared
// with defineCheck and one line below.
import { LIST_OPERATIONS } from "../endpoints.js";
import { appIdFilterCheck } from "./app-id-filter.js";
import { byIdIdentityCheck } from "./by-id-identity.js";
import { byIdConformanceCheck, listConformanceCheck } from "./conformance.js";
import type { Check } from "./define-check.js";
import { missingAppIdCheck } from "./missing-app-id.js";
import { byIdTrailingSlashCheck, listTrailingSlashCheck } from "./trailing-slash.js";
import { unknownAppIdCheck } from "./unknown-app-id.js";
import { unknownEvaluationIdCheck } from "./unknown-evaluation-id.js";

export const CHECKS: readonly Check[] = [
  ...LIST_OPERATIONS.flatMap((op) => [
    listConformanceCheck(op),
    appIdFilterCheck(op),
    listTrailingSlashCheck(op),
    missingAppIdCheck(op, false),
    missingAppIdCheck(op, true),
    unknownAppIdCheck(op),
  ]),
  byIdConformanceCheck,
  byIdIdentityCheck,
  byIdTrailingSlashCheck,
  unknownEvaluationIdCheck,
];

export { defineCheck, skip } from "./define-check.js";
export type { Check, CheckDefinition, Skip } from "./define-check.js";

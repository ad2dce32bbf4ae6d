// Verify's own checks, in one list: what no single answer shows (a record listed twice, the two path
// forms, the 422 naming app_id, a record by id against its list item). Every answer is judged by the
// engine's checks besides (src/engine/checks). A new check is a module here declared with
// defineCheck and one line below.
import { LIST_OPERATIONS } from "../endpoints.js";
import { byIdIdentityCheck } from "./by-id-identity.js";
import { byIdConformanceCheck, listConformanceCheck } from "./conformance.js";
import type { Check } from "./define-check.js";
import { missingAppIdCheck } from "./missing-app-id.js";
import { byIdTrailingSlashCheck, listTrailingSlashCheck } from "./trailing-slash.js";

export const CHECKS: readonly Check[] = [
  ...LIST_OPERATIONS.flatMap((op) => [
    listConformanceCheck(op),
    listTrailingSlashCheck(op),
    missingAppIdCheck(op, false),
    missingAppIdCheck(op, true),
  ]),
  byIdConformanceCheck,
  byIdIdentityCheck,
  byIdTrailingSlashCheck,
];

export { defineCheck, skip } from "./define-check.js";
export type { Check, CheckDefinition, Skip } from "./define-check.js";

// The framework's 422 body for a request without app_id, byte for byte as FastAPI sends it, per
// compatibility target (domain notes, "Errors of the real service"). The one place these bytes
// live: recordings of the real framework (reference/recordings/*.json) can replace them here.
import type { HTTPValidationError } from "../types/schemas.js";

/** v1: FastAPI on pydantic 1 (the real service, mid-2024); v2: on pydantic 2; legacy: older releases (pydantic 1). */
export const COMPAT_TARGETS = ["v1", "v2", "legacy"] as const;
export type Compat = (typeof COMPAT_TARGETS)[number];
export const DEFAULT_COMPAT: Compat = "v1";

export const isCompat = (value: string): value is Compat => (COMPAT_TARGETS as readonly string[]).includes(value);

const PYDANTIC_V1 = '{"detail":[{"loc":["query","app_id"],"msg":"field required","type":"value_error.missing"}]}';
const PYDANTIC_V2 = '{"detail":[{"type":"missing","loc":["query","app_id"],"msg":"Field required","input":null}]}';

/** The exact response body, as the framework serializes it (compact JSON, its key order). */
export const MISSING_APP_ID_BODIES: Readonly<Record<Compat, string>> = { v1: PYDANTIC_V1, v2: PYDANTIC_V2, legacy: PYDANTIC_V1 };

/** The same body as a value (key order kept, so `JSON.stringify` gives the bytes back). */
export const missingAppIdBody = (compat: Compat = DEFAULT_COMPAT): HTTPValidationError =>
  JSON.parse(MISSING_APP_ID_BODIES[compat]) as HTTPValidationError;

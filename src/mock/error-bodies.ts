// Error bodies in the real service's shapes (FastAPI/Starlette: `{"detail": ...}`), because a
// frontend must code against the provider, not the mock (conventions, point 4).
import { STATUS_CODES } from "node:http";
import type { OperationId } from "../contract/operations.js";

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/** The framework's body for a missing app_id (seed 2.6 and 7; pydantic v2 form without `input`). */
export const MISSING_APP_ID = json({ detail: [{ loc: ["query", "app_id"], msg: "Field required", type: "missing" }] });
export const NOT_FOUND = json({ detail: "Not Found" });
export const EVALUATION_NOT_FOUND = json({ detail: "Evaluation not found" });
export const METHOD_NOT_ALLOWED = json({ detail: "Method Not Allowed" });

const DETAILS: Readonly<Record<number, string>> = {
  // What FastAPI's security dependencies say when credentials are missing.
  401: "Not authenticated",
  403: "Not authenticated",
};

/** The body the real service would send with `status` on `operationId` (used for forced codes). */
export function errorBody(status: number, operationId: OperationId): Buffer {
  if (status === 422) return MISSING_APP_ID;
  if (status === 405) return METHOD_NOT_ALLOWED;
  if (status === 404) return operationId === "getHumanEvaluation" ? EVALUATION_NOT_FOUND : NOT_FOUND;
  return json({ detail: DETAILS[status] ?? STATUS_CODES[status] ?? "Error" });
}

/** A mock-only fault (a malformed scenario request): the same shape, with a message saying what to fix. */
export const mockFault = (message: string): Buffer => json({ detail: `mock: ${message}` });

// The mock's error bodies: the real service's (src/contract/error-bodies.ts, recorded from FastAPI)
// as bytes, and what a forced status (`Prefer: code=`) answers, because a frontend must code
// against the provider, not the mock (conventions, point 4).
import { STATUS_CODES } from "node:http";
import { evaluationNotFound, METHOD_NOT_ALLOWED, missingAppId, NOT_FOUND, type CompatMode } from "../contract/error-bodies.js";
import type { OperationId } from "../contract/operations.js";

const bytes = (text: string): Buffer => Buffer.from(text);
const json = (value: unknown): Buffer => bytes(JSON.stringify(value));

export const NOT_FOUND_BODY = bytes(NOT_FOUND.body);
export const METHOD_NOT_ALLOWED_BODY = bytes(METHOD_NOT_ALLOWED.body);

const DETAILS: Readonly<Record<number, string>> = {
  // What FastAPI's security dependencies say when credentials are missing.
  401: "Not authenticated",
  403: "Not authenticated",
};

/** The body the real service would send with `status` on `operationId` (for forced codes). */
export function errorBody(status: number, operationId: OperationId, compat: CompatMode): Buffer {
  if (status === 422) return bytes(missingAppId(compat).body);
  if (status === 405) return METHOD_NOT_ALLOWED_BODY;
  if (status === 404) return operationId === "getHumanEvaluation" ? bytes(evaluationNotFound("v1").body) : NOT_FOUND_BODY;
  return json({ detail: DETAILS[status] ?? STATUS_CODES[status] ?? "Error" });
}

/** A mock-only fault (a malformed scenario request): the same shape, with a message saying what to fix. */
export const mockFault = (message: string): Buffer => json({ detail: `mock: ${message}` });

// The mock's error bodies: the real service's (src/contract/error-bodies.ts, recorded from FastAPI)
// as bytes, and what a forced status (`Prefer: code=`) answers, because a frontend must code
// against the provider, not the mock (conventions, point 4).
import { evaluationNotFound, METHOD_NOT_ALLOWED, missingAppId, NOT_FOUND, type CompatMode } from "../contract/error-bodies.js";
import type { OperationId } from "../contract/operations.js";
import { utf8Bytes } from "./bytes.js";

const bytes = utf8Bytes;
const json = (value: unknown): Uint8Array => bytes(JSON.stringify(value));

export const NOT_FOUND_BODY = bytes(NOT_FOUND.body);
export const METHOD_NOT_ALLOWED_BODY = bytes(METHOD_NOT_ALLOWED.body);

const DETAILS: Readonly<Record<number, string>> = {
  // What FastAPI's security dependencies say when credentials are missing.
  401: "Not authenticated",
  403: "Not authenticated",
};

/** node:http's STATUS_CODES for the codes a scenario may force (400..599), so this module runs without node:http. */
const REASONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  402: "Payment Required",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  407: "Proxy Authentication Required",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  412: "Precondition Failed",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  417: "Expectation Failed",
  418: "I'm a Teapot",
  421: "Misdirected Request",
  422: "Unprocessable Entity",
  423: "Locked",
  424: "Failed Dependency",
  425: "Too Early",
  426: "Upgrade Required",
  428: "Precondition Required",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  451: "Unavailable For Legal Reasons",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
  506: "Variant Also Negotiates",
  507: "Insufficient Storage",
  508: "Loop Detected",
  509: "Bandwidth Limit Exceeded",
  510: "Not Extended",
  511: "Network Authentication Required",
};

/** The body the real service would send with `status` on `operationId` (for forced codes). */
export function errorBody(status: number, operationId: OperationId, compat: CompatMode): Uint8Array {
  if (status === 422) return bytes(missingAppId(compat).body);
  if (status === 405) return METHOD_NOT_ALLOWED_BODY;
  if (status === 404) return operationId === "getHumanEvaluation" ? bytes(evaluationNotFound("v1").body) : NOT_FOUND_BODY;
  return json({ detail: DETAILS[status] ?? REASONS[status] ?? "Error" });
}

/** A mock-only fault (a malformed scenario request): the same shape, with a message saying what to fix. */
export const mockFault = (message: string): Uint8Array => json({ detail: `mock: ${message}` });

// A scenario's own answer, `respond: { status, headers?, body }`: read once, when the scenario is
// set (a session, the console, MSW's handlers.use or handlers.override), bounded, its headers kept
// to what cannot break the framing or the connection, and a 200 or 422 checked against the
// contract of each operation it answers (src/check) unless `unchecked`. Browser-safe.
import { checkResponse } from "../check/check-response.js";
import { isPlainObject } from "../types/json.js";
import type { OperationId } from "../contract/operations.js";
import { utf8Bytes } from "./bytes.js";
import type { CustomAnswer } from "./scenarios.js";

/** `respond` as a scenario takes it. */
export interface RespondSetting {
  /** 200 to 599, but 204, 205 and 304 (they carry no body). */
  status: number;
  /** Plain header values (no framing or connection header: the mock sets those). Default Content-Type: application/json. */
  headers?: Readonly<Record<string, string>>;
  /** Any JSON value, sent as JSON; a string with a Content-Type other than JSON is sent as its text. */
  body: unknown;
}

/** What is wrong with a scenario; `invalidData` when it is a body the contract refuses (E_DATA_INVALID, not E_USAGE). */
export interface SwitchFault {
  fault: string;
  invalidData?: true;
}

/** The largest `respond` body, serialized (docs/limits.md). */
export const MAX_RESPOND_BODY_BYTES = 1_048_576;
/** At most this many `respond` headers, each name up to 256 characters and each value up to 8 KiB. */
export const MAX_RESPOND_HEADERS = 32;
const MAX_HEADER_NAME = 256;
const MAX_HEADER_VALUE = 8192;
/** Headers the mock (or the HTTP layer) owns: framing, the connection, a request's Host. */
const RESERVED = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "host",
  "proxy-connection",
]);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII, space and tab: no CR, LF, NUL or other control (a header split), nothing a fetch Headers refuses. */
const VALUE = /^[\t\x20-\x7e]*$/;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(;|$)/i;
const KEYS = ["status", "headers", "body"];
const NO_BODY = new Set([204, 205, 304]);

const shown = (value: unknown): string => {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 60);
  } catch {
    return typeof value;
  }
};

function readHeaders(headers: unknown): { headers: Record<string, string> } | SwitchFault {
  if (headers === undefined || headers === null) return { headers: { "Content-Type": "application/json" } };
  if (!isPlainObject(headers)) return { fault: `respond.headers must be an object of header names to strings, got ${shown(headers)}` };
  const entries = Object.keys(headers);
  if (entries.length > MAX_RESPOND_HEADERS)
    return { fault: `respond.headers has ${entries.length} headers: at most ${MAX_RESPOND_HEADERS}` };
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  for (const name of entries) {
    const value = headers[name];
    if (name.length > MAX_HEADER_NAME || !TOKEN.test(name)) return { fault: `respond.headers: ${shown(name)} is not a header name` };
    const lower = name.toLowerCase();
    if (RESERVED.has(lower)) return { fault: `respond.headers: ${name} is the mock's to set (framing and connection headers are refused)` };
    if (lower.startsWith("access-control-"))
      return { fault: `respond.headers: ${name} is the mock's to set (its CORS headers answer every page, as the cors option says)` };
    if (seen.has(lower)) return { fault: `respond.headers: ${name} is given twice` };
    seen.add(lower);
    if (typeof value !== "string") return { fault: `respond.headers: ${name} must be a string, got ${shown(value)}` };
    if (value.length > MAX_HEADER_VALUE)
      return { fault: `respond.headers: ${name} is ${value.length} characters: at most ${MAX_HEADER_VALUE}` };
    if (!VALUE.test(value))
      return { fault: `respond.headers: ${name} has a control or non-ASCII character (CR, LF and the like split a header)` };
    out[lower === "content-type" ? "Content-Type" : name] = value;
  }
  if (out["Content-Type"] === undefined) out["Content-Type"] = "application/json";
  return { headers: out };
}

/**
 * The custom answer of `respond`, for a switch that answers `operations`, or what is wrong with it:
 * a 200 or 422 body the contract refuses (unless `unchecked`) is `invalidData`, naming the path and rule.
 */
export function readCustomAnswer(respond: unknown, operations: readonly OperationId[], unchecked: boolean): CustomAnswer | SwitchFault {
  if (!isPlainObject(respond)) return { fault: `respond must be an object like {"status": 200, "body": [...]}, got ${shown(respond)}` };
  const unknown = Object.keys(respond).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) return { fault: `respond: unknown field ${shown(unknown)} (known: ${KEYS.join(", ")})` };
  const { status, body } = respond;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599 || NO_BODY.has(status))
    return {
      fault: `respond.status must be a whole number from 200 to 599 but 204, 205 and 304 (they carry no body), got ${shown(status)}`,
    };
  const read = readHeaders(respond.headers);
  if ("fault" in read) return read;
  const { headers } = read;
  if (!Object.hasOwn(respond, "body") || body === undefined) return { fault: "respond.body is missing (any JSON value)" };
  const contentType = headers["Content-Type"]!;
  let text: string | undefined;
  if (typeof body === "string" && !JSON_TYPE.test(contentType)) text = body;
  else
    try {
      text = JSON.stringify(body);
    } catch (error) {
      return { fault: `respond.body is not JSON: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
    }
  if (typeof text !== "string") return { fault: `respond.body is not JSON, got ${typeof body}` };
  // Characters first (a cheap bound), then the bytes.
  if (text.length > MAX_RESPOND_BODY_BYTES)
    return { fault: `respond.body is over ${MAX_RESPOND_BODY_BYTES} bytes as sent (the bound of a custom answer)` };
  const bytes = utf8Bytes(text);
  if (bytes.length > MAX_RESPOND_BODY_BYTES)
    return { fault: `respond.body is ${bytes.length} bytes as sent: at most ${MAX_RESPOND_BODY_BYTES} (the bound of a custom answer)` };
  if (!unchecked && (status === 200 || status === 422))
    for (const operationId of operations) {
      const error = checkResponse(operationId, { status, headers, body: text }).find((f) => f.severity === "error");
      if (error !== undefined)
        return {
          fault: `respond: a ${status} of ${operationId} is not what the contract allows: ${error.path} (${error.rule}) ${error.message}; unchecked: true sends it all the same`,
          invalidData: true,
        };
    }
  return { status, headers, body: bytes, ...(unchecked ? { unchecked: true } : {}) };
}

/** A custom answer in its wire form, for a session's or the console's description. */
export function describeCustomAnswer(answer: CustomAnswer): { respond: RespondSetting; unchecked?: boolean } {
  const text = new TextDecoder().decode(answer.body);
  let body: unknown = text;
  if (JSON_TYPE.test(answer.headers["Content-Type"] ?? ""))
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => name !== "Content-Type" || !/^application\/json$/i.test(answer.headers[name]!)),
  );
  return {
    respond: { status: answer.status, ...(Object.keys(headers).length === 0 ? {} : { headers }), body },
    ...(answer.unchecked === true ? { unchecked: true } : {}),
  };
}

// The real service's error answers, per compatibility mode, byte for byte as FastAPI sends them.
// They were recorded from the real framework (reference/: FastAPI 0.92 + pydantic 1.10 live; the
// pydantic 2 form from FastAPI's own test suite, cited in reference/README.md), and
// test/mock/recordings.test.ts holds the mock to every recording. One module, shared by the mock,
// the MSW handlers and the Prism document, so no copy drifts.
//   v1      the service of the spec: FastAPI + pydantic 1.x (the default);
//   v2      the same service on FastAPI + pydantic 2.x (only the 422 body differs);
//   legacy  v1 bodies plus the spec-era handlers' 500s (every error wrapped in
//           `HTTPException(500, str(e))`, ids checked by bson's ObjectId()).
import type { HTTPValidationError } from "../types/schemas.js";

export const COMPAT_MODES = ["v1", "v2", "legacy"] as const;
export type CompatMode = (typeof COMPAT_MODES)[number];
export const DEFAULT_COMPAT: CompatMode = "v1";

export const isCompatMode = (value: string): value is CompatMode => (COMPAT_MODES as readonly string[]).includes(value);

/** An error answer of the service: a status and the exact body text (always `application/json`). */
export interface ErrorAnswer {
  status: number;
  body: string;
}

/** FastAPI's JSONResponse: `json.dumps(..., ensure_ascii=False, separators=(",", ":"))`, which JSON.stringify matches. */
const detail = (value: unknown): string => JSON.stringify({ detail: value });

/** The 422 body for a missing required query parameter (seed 2.6 and 7). */
export function missingQueryBody(compat: CompatMode, name: string): string {
  // pydantic 1: loc, msg, type. pydantic 2 (FastAPI's _compat.get_missing_field_error): type, loc, msg, input.
  return compat === "v2"
    ? detail([{ type: "missing", loc: ["query", name], msg: "Field required", input: null }])
    : detail([{ loc: ["query", name], msg: "field required", type: "value_error.missing" }]);
}

export const missingAppId = (compat: CompatMode): ErrorAnswer => ({ status: 422, body: missingQueryBody(compat, "app_id") });

/** The missing-app_id body of each mode as text (what the mock, MSW and Prism send). */
export const MISSING_APP_ID_BODIES: Readonly<Record<CompatMode, string>> = {
  v1: missingQueryBody("v1", "app_id"),
  v2: missingQueryBody("v2", "app_id"),
  legacy: missingQueryBody("legacy", "app_id"),
};

/** The same body as a value, key order kept (`JSON.stringify` gives the bytes back): the OpenAPI example. */
export const missingAppIdBody = (compat: CompatMode = DEFAULT_COMPAT): HTTPValidationError =>
  JSON.parse(MISSING_APP_ID_BODIES[compat]) as HTTPValidationError;

/** Starlette's answer for a path no route matches. */
export const NOT_FOUND: ErrorAnswer = { status: 404, body: detail("Not Found") };
/** Starlette's answer for a method a route does not serve (with `Allow: GET`). */
export const METHOD_NOT_ALLOWED: ErrorAnswer = { status: 405, body: detail("Method Not Allowed") };

/** An unknown human evaluation id. legacy: the handler's HTTPException(404) caught and re-raised as a 500 with str(e). */
export const evaluationNotFound = (compat: CompatMode): ErrorAnswer =>
  compat === "legacy" ? { status: 500, body: detail("404: Evaluation not found") } : { status: 404, body: detail("Evaluation not found") };

/** legacy /evaluations for an unknown app: the handler dereferences the missing app (`app.id` on None). */
export const LEGACY_UNKNOWN_APP: ErrorAnswer = { status: 500, body: detail("'NoneType' object has no attribute 'id'") };

/** What bson's ObjectId() accepts from a str: 24 characters that bytes.fromhex reads. */
export const isObjectId = (value: string): boolean => /^[0-9a-fA-F]{24}$/.test(value);

/** legacy: bson's InvalidId for anything else, as `str(e)` (pymongo bson/objectid.py `_raise_invalid_id`). */
export const legacyInvalidObjectId = (value: string): ErrorAnswer => ({
  status: 500,
  body: detail(`${pythonRepr(value)} is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string`),
});

const PYTHON_ESCAPES: Readonly<Record<string, string>> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** What Python's str.isprintable() refuses: categories Cc, Cf, Cs, Co, Cn, Zl, Zp, and Zs but the ASCII space. */
const PYTHON_UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's repr() of a str (CPython unicode_repr): single quotes unless the text has one and no double quote; what is not printable escaped. */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === quote) out += `\\${quote}`;
    else if (PYTHON_ESCAPES[char] !== undefined) out += PYTHON_ESCAPES[char];
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x7f || !PYTHON_UNPRINTABLE.test(char)) out += char;
    else if (code <= 0xff) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return out + quote;
}

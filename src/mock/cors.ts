// CORS as the real service's Starlette CORSMiddleware answers it (allow_methods=["*"],
// allow_credentials=True; reference/recordings), but for any origin, since frontends run on any
// port: a preflight is `OPTIONS` with Origin and Access-Control-Request-Method and answers 200 "OK";
// every other answer carries the allow-origin headers. `strict` allows GET only, as a browser
// talking to a read-only service should need nothing else.
/** Request headers as node:http gives them: lower-case names (the mock's own type, so its public types need no @types/node). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;
/** Response headers, as written: header name to value. */
export type ResponseHeaders = Record<string, string | number>;

export const CORS_MODES = ["any", "strict"] as const;
export type CorsMode = (typeof CORS_MODES)[number];

/** Starlette's ALL_METHODS, what `allow_methods=["*"]` lists. */
const ALL_METHODS = "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT";
/** Starlette's SAFELISTED_HEADERS, listed when the preflight asks for no header. */
const SAFELISTED_HEADERS = "Accept, Accept-Language, Content-Language, Content-Type";

/** CORS headers of an ordinary response. A request's Origin is echoed so `credentials: "include"` works. */
export function corsHeaders(origin: string | undefined, headers: ResponseHeaders): ResponseHeaders {
  headers["Access-Control-Expose-Headers"] = "Preference-Applied";
  if (origin === undefined) {
    headers["Access-Control-Allow-Origin"] = "*";
    return headers;
  }
  headers["Access-Control-Allow-Origin"] = origin;
  headers["Access-Control-Allow-Credentials"] = "true";
  headers["Vary"] = "Origin";
  return headers;
}

/** A CORS preflight (Starlette's test): OPTIONS with both Origin and Access-Control-Request-Method. */
/** One value of a header that may repeat (node:http gives a list for a few). */
export const firstHeader = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export const isPreflight = (method: string, headers: RequestHeaders): boolean =>
  method === "OPTIONS" && headers.origin !== undefined && headers["access-control-request-method"] !== undefined;

export interface PreflightAnswer {
  status: number;
  headers: ResponseHeaders;
  body: string;
}

/** The answer to a preflight: 200 "OK", or Starlette's 400 "Disallowed CORS method" when `strict` refuses the method. */
export function preflight(request: RequestHeaders, mode: CorsMode): PreflightAnswer {
  const method = String(request["access-control-request-method"] ?? "").toUpperCase();
  const asked = request["access-control-request-headers"];
  const requested = Array.isArray(asked) ? asked.join(", ") : asked;
  const headers = corsHeaders(firstHeader(request.origin), {
    "Access-Control-Allow-Methods": mode === "strict" ? "GET" : ALL_METHODS,
    "Access-Control-Max-Age": "600",
    // Any header the page wants to send (Prefer carries the scenarios), as allow_headers=["*"] does.
    "Access-Control-Allow-Headers": requested === undefined || requested === "" ? SAFELISTED_HEADERS : requested,
    "Content-Type": "text/plain; charset=utf-8",
  });
  const allowed = mode === "any" || method === "GET";
  return allowed ? { status: 200, headers, body: "OK" } : { status: 400, headers, body: "Disallowed CORS method" };
}

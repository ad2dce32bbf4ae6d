// CORS for browser development: any origin may call the mock, with credentials, and read the
// scenario header; preflights are answered directly.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";

/** CORS headers of an ordinary response. A request's Origin is echoed so `credentials: "include"` works. */
export function corsHeaders(origin: string | undefined, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
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

/** Headers of a preflight (OPTIONS) answer: GET with whatever headers the page wants to send. */
export function preflightHeaders(request: IncomingHttpHeaders): OutgoingHttpHeaders {
  return corsHeaders(request.origin, {
    "Access-Control-Allow-Methods": "GET, OPTIONS",
    "Access-Control-Allow-Headers": request["access-control-request-headers"] ?? "Prefer, Content-Type, Authorization",
    "Access-Control-Max-Age": "600",
    Allow: "GET, OPTIONS",
  });
}

// Which requests the MSW handlers claim. MSW counts a request as handled when a handler's path
// matches it, whatever the handler then returns, so a catch-all handler would defeat a test's
// `onUnhandledRequest: "error"` and answer a page's own assets, lazy chunks and hot updates with
// the mock's 404. The handlers therefore match only what the service answers:
//  - with `origin`: every path under the base path on that origin (unknown ones get the service's 404);
//  - without: the service's own paths under the base path, on any origin: /evaluations,
//    /human-evaluations and /human-evaluations/{id}, each with or without a trailing slash.
// A RegExp, matched by msw 2 and 3 alike against the URL without its query; no capture groups, so
// MSW never decodes a (possibly malformed) percent-encoded id on the way.
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The URL pattern of the requests the handlers answer (`base` normalized: "" or "/api"). */
export function claimedUrls(origin: string | undefined, base: string): RegExp {
  const prefix = escapeRegExp(base);
  if (origin !== undefined) return new RegExp(`^${escapeRegExp(origin)}${prefix}(?:/.*)?$`);
  return new RegExp(`^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]+${prefix}/(?:evaluations|human-evaluations(?:/[^/]+)?)/?$`);
}

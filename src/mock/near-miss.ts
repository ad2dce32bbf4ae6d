// Near misses: a request the service answers 404 or 422 gets the real body all the same, and its log
// line and journal entry say what it nearly matched, as WireMock's near misses do: a path one typo
// from a route (`/evaluation` -> `/evaluations`), a path outside the base path that is a route under
// it, a query parameter one spelling from `app_id` (`appId`). Browser-safe, pure.
import { didYouMean } from "../did-you-mean.js";
import { OPERATIONS, OPERATION_IDS } from "../contract/operations.js";

/** The first segment of each route (`evaluations`, `human-evaluations`) and how many segments it has. */
const ROUTE_SHAPES = OPERATION_IDS.map((id) => OPERATIONS[id].path.split("/").filter(Boolean));
const FIRST_SEGMENTS = [...new Set(ROUTE_SHAPES.map((segments) => segments[0]!))];

/** `appId`, `app-id`, `APPID`, `app_Id`: the same letters as `app_id` once case and separators go. */
const squash = (name: string): string => name.toLowerCase().replace(/[-_.\s]/g, "");

/**
 * What a path the routes do not match nearly was, e.g. `/evaluations` for `/evaluation` (`path`:
 * decoded, without base path or trailing slash; `outsideBase`: the request missed the base path).
 */
export function nearMissOfPath(path: string, base: string, outsideBase: boolean): string | undefined {
  const segments = path.split("/").filter(Boolean);
  if (segments.length === 0) return undefined;
  const shape = ROUTE_SHAPES.find((route) => route.length === segments.length && route[0] === segments[0]);
  // Right route, wrong place: the base path is missing.
  if (outsideBase && shape !== undefined) return `did you mean ${base}${path}? (the mock serves under the base path ${base})`;
  const first = didYouMean(segments[0]!, FIRST_SEGMENTS) ?? FIRST_SEGMENTS.find((s) => squash(s) === squash(segments[0]!));
  if (first === undefined || !ROUTE_SHAPES.some((route) => route.length === segments.length && route[0] === first)) return undefined;
  return `did you mean ${base}/${[first, ...segments.slice(1)].join("/")}?`;
}

/** What a list request missing `app_id` nearly sent: `did you mean app_id?` for `?appId=`. */
export function nearMissOfQuery(query: URLSearchParams | undefined): string | undefined {
  if (query === undefined) return undefined;
  if (query.has("app_id")) return undefined;
  for (const name of query.keys()) {
    if (name.startsWith("__")) continue;
    if (squash(name) === "appid" || didYouMean(name, ["app_id"]) !== undefined) return `did you mean app_id? (got ${name})`;
  }
  return undefined;
}

// status: a GET answered with a status the contract does not document (200 and 422). Not every
// undocumented status is a defect: 404 for an id or an app the provider does not have is what
// FastAPI gives where the spec says "not shown" (no finding; for a record it listed, or for a list's
// own route, an error); a refusal of a malformed or oversized request (400, 406, 413, 414, 431, 429)
// is HTTP doing its job: a warning (an error under --strict). A success other than 200, or any other
// 4xx, is an error. 5xx belong to server-error, redirects to redirects,
// other methods to method.
import { OPERATIONS } from "../../contract/operations.js";
import { decodeRaw, found, type Check, type CheckContext } from "./check.js";

const TOLERATED: Readonly<Record<number, string>> = {
  400: "a request refused as malformed",
  406: "a request whose Accept admits no JSON refused",
  413: "a request refused as too large",
  414: "a URL refused as too long",
  429: "a request refused by rate limiting",
  431: "request headers refused as too large",
};

/** `app_id`, or `app_id[...]` as qs-style clients send it (brackets raw or encoded). */
const APP_ID_NAME = /^app_id(?:$|\[|%5B)/i;

/**
 * Whether a 404 may say "not found": for a by-id request, unless the id is one the provider listed
 * (or the user named); for a list's own route, only when it asks for another app than the one under
 * test (the app's own list, or a list without app_id, answering 404 is a missing route).
 */
function mayBeUnknown({ request, settings }: CheckContext): boolean {
  if (request.operationId === "getHumanEvaluation")
    return !(settings.knownIds?.has(decodeRaw(request.path.replace(/\/$/, "").split("/").at(-1) ?? "")) ?? false);
  if (request.path.replace(/\/$/, "") !== OPERATIONS[request.operationId].path) return true;
  const sent = request.query.filter(([name]) => APP_ID_NAME.test(name)).map(([, value]) => decodeRaw(value ?? ""));
  return sent.length > 0 && sent.some((appId) => appId !== settings.appId);
}

export const statusCheck: Check<"status"> = {
  name: "status",
  run(context) {
    const { request, answer } = context;
    if (request.method !== "GET" || answer.status >= 500 || (answer.status >= 300 && answer.status < 400)) return [];
    const documented = Object.keys(OPERATIONS[request.operationId].responses).map(Number);
    if (answer.status === 200 && request.operationId !== "getHumanEvaluation" && !request.query.some(([name]) => APP_ID_NAME.test(name)))
      return [
        found(
          "status",
          context,
          "warning",
          "app-id-optional",
          "200 without app_id",
          "a list answered 200 without app_id: the spec lists app_id as required (4.1) and the real service answers 422",
        ),
      ];
    if (documented.includes(answer.status)) return [];
    const known = documented.join(" and ");
    // 404 for an id (or an app) the provider does not have is HTTP's "not found", what FastAPI and the
    // real service's newer versions answer where the spec says "not shown": no finding. For a record
    // the provider listed, or a list's own route, it is an error.
    if (answer.status === 404 && mayBeUnknown(context)) return [];
    if (answer.status === 404)
      return [
        found(
          "status",
          context,
          "error",
          "status",
          "404",
          request.operationId === "getHumanEvaluation"
            ? "answered 404 for a human evaluation the provider lists (or the id given): the record is there, its endpoint does not find it"
            : "the list's own route answered 404: the endpoint is missing (is the base URL's path prefix right?)",
        ),
      ];
    const tolerated = TOLERATED[answer.status];
    if (tolerated !== undefined)
      return [
        found(
          "status",
          context,
          "warning",
          "status",
          String(answer.status),
          `answered ${answer.status}, not documented (documented: ${known}): ${tolerated}`,
        ),
      ];
    return [
      found(
        "status",
        context,
        "error",
        "status",
        String(answer.status),
        `answered ${answer.status}, not documented (documented: ${known})`,
      ),
    ];
  },
};

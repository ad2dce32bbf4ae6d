// status: a GET answered with a status the contract does not document (200 and 422). Not every
// undocumented status is a defect: 404 for an unknown id is what FastAPI gives and what the spec
// leaves "not shown", a redirect or a refusal of a malformed or oversized request (400, 406, 413,
// 414, 431, 429) is HTTP doing its job; those are warnings (errors under --strict). A success other
// than 200, or any other 4xx, is an error. 5xx belong to server-error, other methods to method.
import { OPERATIONS } from "../../contract/operations.js";
import type { FuzzCheck } from "./context.js";

const TOLERATED: Readonly<Record<number, string>> = {
  400: "a request refused as malformed",
  404: 'not found (the spec leaves the answer for an unknown id or path "not shown")',
  406: "a request whose Accept admits no JSON refused",
  413: "a request refused as too large",
  414: "a URL refused as too long",
  429: "a request refused by rate limiting",
  431: "request headers refused as too large",
};

/** `app_id`, or `app_id[...]` as qs-style clients send it (brackets raw or encoded). */
const APP_ID_NAME = /^app_id(?:$|\[|%5B)/i;

export const statusCheck: FuzzCheck = {
  name: "status",
  run({ request, answer }) {
    if (request.method !== "GET" || answer.status >= 500) return [];
    const documented = Object.keys(OPERATIONS[request.operationId].responses).map(Number);
    if (answer.status === 200 && request.operationId !== "getHumanEvaluation" && !request.query.some(([name]) => APP_ID_NAME.test(name)))
      return [
        {
          check: "status",
          severity: "warning",
          cause: "200 without app_id",
          message:
            "a list answered 200 without app_id: the spec lists app_id as required (4.1) and the real service answers 422 (verify's app-id-optional)",
        },
      ];
    if (documented.includes(answer.status)) return [];
    const known = documented.join(" and ");
    const tolerated = TOLERATED[answer.status];
    const redirect = answer.status >= 300 && answer.status < 400;
    if (tolerated !== undefined || redirect)
      return [
        {
          check: "status",
          severity: "warning",
          cause: String(answer.status),
          message: `answered ${answer.status}, not documented (documented: ${known}): ${tolerated ?? `a redirect to ${answer.headers.location ?? "nowhere"}`}`,
        },
      ];
    return [
      {
        check: "status",
        severity: "error",
        cause: String(answer.status),
        message: `answered ${answer.status}, not documented (documented: ${known})`,
      },
    ];
  },
};

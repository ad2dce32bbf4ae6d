// server-error: any 5xx answer is an error, whatever the request: a server error is a defect, and an
// odd request must get a 4xx, never a crash. Under `--compat legacy` the spec-era service's
// documented 500s are warnings: an unknown or malformed human evaluation id (bson's ObjectId()
// raising, a missing record dereferenced) and an unknown app on /evaluations (a missing app
// dereferenced), as the mock's `--compat legacy` answers them (src/mock/routes.ts).
import { decodeRaw, found, type Check, type CheckContext } from "./check.js";
import { bodySignature, sentValues } from "./signature.js";
import { WRITE_METHODS } from "../request.js";

/** Whether the spec-era service answered this request with a documented 500. */
export function isLegacyServerError({ request, settings }: Pick<CheckContext, "request" | "settings">): boolean {
  if (request.method !== "GET") return false;
  if (request.operationId === "getHumanEvaluation") {
    const id = decodeRaw(request.path.replace(/\/$/, "").split("/").at(-1) ?? "");
    return !(settings.knownIds?.has(id) ?? false);
  }
  if (request.operationId !== "listEvaluations") return false;
  const sent = request.query.filter(([name]) => decodeRaw(name) === "app_id").map(([, value]) => decodeRaw(value ?? ""));
  return sent.length > 0 && sent.every((appId) => appId !== settings.appId);
}

export const serverErrorCheck: Check<"server-error"> = {
  name: "server-error",
  run(context) {
    const { request, answer, settings } = context;
    if (answer.status < 500 || answer.status > 599) return [];
    // 501 Not Implemented is HTTP's answer to a method the server does not support: the method check's.
    if (answer.status === 501 && WRITE_METHODS.has(request.method)) return [];
    const signature = bodySignature(answer.text, sentValues(request));
    const cause = `${answer.status}${signature === "" ? "" : ` ${signature}`}`;
    if (settings.compat === "legacy" && isLegacyServerError(context))
      return [
        found(
          "server-error",
          context,
          "warning",
          "legacy-server-error",
          cause,
          `answered ${answer.status}, as the spec-era service did for an unknown or malformed id (--compat legacy): clients cannot tell a missing record from a crash`,
        ),
      ];
    return [
      found(
        "server-error",
        context,
        "error",
        "server-error",
        cause,
        `answered ${answer.status}: a server error is a defect whatever the request (it must be refused with a 4xx, like the 422 FastAPI gives a malformed parameter)`,
      ),
    ];
  },
};

// server-error: any 5xx answer is an error, whatever the request: a server error is a defect, and an
// odd request must get a 4xx, never a crash. Under `--compat legacy` the spec-era service's own 500s
// are warnings: for an unknown or malformed human evaluation id (bson's ObjectId() raising, a missing
// record re-raised), a malformed app_id on either list (ObjectId() again) and an unknown app on
// /evaluations (a missing app dereferenced), and only as that service sent them: status 500,
// `application/json`, the recorded body (legacy-answer.ts). Another status, type or body for the same
// request is the same defect as without legacy.
import { firstLine, found, type Check } from "./check.js";
import { isAnswer, LEGACY_CONTENT_TYPE, legacyAnswer } from "./legacy-answer.js";
import { bodySignature, sentValues } from "./signature.js";
import { WRITE_METHODS } from "../request.js";

/** At most this much of the expected body in a message (a malformed id may be 10 KB long). */
const SHOWN_BODY = 120;

export const serverErrorCheck: Check<"server-error"> = {
  name: "server-error",
  run(context) {
    const { request, answer, settings } = context;
    if (answer.status < 500 || answer.status > 599) return [];
    // 501 Not Implemented is HTTP's answer to a method the server does not support: the method check's.
    if (answer.status === 501 && WRITE_METHODS.has(request.method)) return [];
    const signature = bodySignature(answer.text, sentValues(request));
    const cause = `${answer.status}${signature === "" ? "" : ` ${signature}`}`;
    const legacy = settings.compat === "legacy" ? legacyAnswer(request, settings) : undefined;
    if (legacy !== undefined && isAnswer(answer, legacy))
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
    const accepted =
      legacy === undefined
        ? ""
        : ` (--compat legacy accepts here only the spec-era service's own answer: ${legacy.status} ${LEGACY_CONTENT_TYPE} ${firstLine(legacy.body, SHOWN_BODY)})`;
    return [
      found(
        "server-error",
        context,
        "error",
        "server-error",
        cause,
        `answered ${answer.status}: a server error is a defect whatever the request (it must be refused with a 4xx, like the 422 FastAPI gives a malformed parameter)${accepted}`,
      ),
    ];
  },
};

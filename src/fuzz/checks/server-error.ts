// server-error: any 5xx answer is an error, whatever the request. The spec-era service answered 500
// for a malformed or unknown id (bson's ObjectId() raising, a missing app dereferenced): those were
// real defects, and an odd request must get a 4xx, never a crash.
import { WRITE_METHODS } from "../odd-values.js";
import { bodySignature } from "./signature.js";
import type { FuzzCheck } from "./context.js";

export const serverErrorCheck: FuzzCheck = {
  name: "server-error",
  run({ request, answer }) {
    if (answer.status < 500 || answer.status > 599) return [];
    // 501 Not Implemented is HTTP's answer to a method the server does not support: the method check's.
    if (answer.status === 501 && WRITE_METHODS.has(request.method)) return [];
    const signature = bodySignature(answer.text);
    return [
      {
        check: "server-error",
        severity: "error",
        cause: `${answer.status}${signature === "" ? "" : ` ${signature}`}`,
        message: `answered ${answer.status}: a server error is a defect whatever the request (it must be refused with a 4xx, like the 422 FastAPI gives a malformed parameter)`,
      },
    ];
  },
};

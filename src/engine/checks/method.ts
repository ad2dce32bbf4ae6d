// method: the service only reads. A POST, PUT, PATCH or DELETE answered 2xx was taken as a read or,
// worse, as a write; FastAPI answers 405 with an `Allow` header naming GET. A 405 without `Allow`, a
// 404 or another refusal is a warning (the request was refused, but not as HTTP says). HEAD and
// OPTIONS read: any answer but a 5xx is theirs to give.
import { WRITE_METHODS } from "../request.js";
import { found, type Check } from "./check.js";

export const methodCheck: Check<"method"> = {
  name: "method",
  run(context) {
    const { request, answer } = context;
    if (!WRITE_METHODS.has(request.method)) return [];
    const { status } = answer;
    const method = request.method;
    const warning = (cause: string, message: string) => [found("method", context, "warning", "method", cause, message)];
    if (status >= 200 && status < 300)
      return [
        found(
          "method",
          context,
          "error",
          "method",
          `${method} ${status}`,
          `${method} answered ${status}: the service is read-only, an undocumented method must be refused with 405`,
        ),
      ];
    if (status === 405) {
      const allow = answer.headers.allow;
      if (allow === undefined)
        return warning(`${method} 405 without Allow`, `${method} answered 405 without an Allow header (HTTP requires one naming GET)`);
      return /\bGET\b/i.test(allow)
        ? []
        : warning(`${method} 405 Allow`, `${method} answered 405 with Allow: ${allow}, which does not name GET`);
    }
    if (status >= 500)
      return status === 501 ? warning(`${method} 501`, `${method} answered 501 Not Implemented where 405 is expected`) : [];
    return warning(`${method} ${status}`, `${method} answered ${status} where 405 with an Allow header is expected`);
  },
};

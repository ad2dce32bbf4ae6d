// content-type: every body of the service is JSON, `application/json` (seed, section 0: "Bodies are
// JSON (content type application/json)"), error pages included: a client parses them all, and one
// that dispatches on `application/json` misses any other type (`application/problem+json` too). A
// HEAD or OPTIONS answer and an empty body have nothing to type; a 406 to an Accept that admits no
// JSON may explain itself in another type: a warning. Even the spec-era service's 500s that
// `--compat legacy` accepts were `application/json` (reference/recordings/legacy.json), so legacy
// excuses no other type.
import { found, mediaType, type Check } from "./check.js";

const acceptsJson = (accept: string | undefined): boolean =>
  accept === undefined || /application\/json(?!;q=0(?:\.0*)?\b)|\*\/\*|application\/\*/i.test(accept);

export const contentTypeCheck: Check<"content-type"> = {
  name: "content-type",
  run(context) {
    const { request, answer } = context;
    if (request.method === "HEAD" || request.method === "OPTIONS" || answer.text === "" || answer.tooLarge) return [];
    const type = mediaType(answer);
    if (type === "application/json") return [];
    const accept = request.headers.find(([name]) => name === "accept")?.[1];
    const shown = type === "" ? "no Content-Type" : `Content-Type ${type}`;
    const severity = answer.status === 406 && !acceptsJson(accept) ? "warning" : "error";
    return [
      found(
        "content-type",
        context,
        severity,
        "content-type",
        `${answer.status} ${type || "none"}`,
        `a ${answer.status} answer with ${shown}: every body of the service is application/json`,
      ),
    ];
  },
};

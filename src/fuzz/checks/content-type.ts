// content-type: every body of the service is JSON (seed, section 0: "Bodies are JSON"), error pages
// included: a client parses them all. A body with another media type is an error; a HEAD or
// OPTIONS answer and an empty body have nothing to type. A 406 to an Accept that admits no JSON
// may explain itself in another type: a warning.
import { isJsonMediaType, mediaType, type FuzzCheck } from "./context.js";

const acceptsJson = (accept: string | undefined): boolean =>
  accept === undefined || /application\/json(?!;q=0(?:\.0*)?\b)|\*\/\*|application\/\*/i.test(accept);

export const contentTypeCheck: FuzzCheck = {
  name: "content-type",
  run({ request, answer }) {
    if (request.method === "HEAD" || request.method === "OPTIONS" || answer.text === "" || answer.tooLarge) return [];
    const type = mediaType(answer);
    if (isJsonMediaType(type)) return [];
    const accept = request.headers.find(([name]) => name === "accept")?.[1];
    const shown = type === "" ? "no Content-Type" : `Content-Type ${type}`;
    const severity = answer.status === 406 && !acceptsJson(accept) ? "warning" : "error";
    return [
      {
        check: "content-type",
        severity,
        cause: `${answer.status} ${type || "none"}`,
        message: `a ${answer.status} answer with ${shown}: every body of the service is application/json`,
      },
    ];
  },
};

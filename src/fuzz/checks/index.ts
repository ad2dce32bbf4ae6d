// The fuzz checks, in report order: each looks at one answer and returns what it found. A new check
// is a module here, one line below, and its rationale in docs/rules.md.
import { bodyCheck } from "./body.js";
import { contentTypeCheck } from "./content-type.js";
import type { CheckContext, FuzzCheck } from "./context.js";
import { filterBypassCheck } from "./filter-bypass.js";
import { leakCheck } from "./leak.js";
import { methodCheck } from "./method.js";
import { responseTimeCheck } from "./response-time.js";
import { serverErrorCheck } from "./server-error.js";
import { statusCheck } from "./status.js";
import type { CheckHit, FuzzAnswer, FuzzRequest } from "../types.js";

export const ANSWER_CHECKS: readonly FuzzCheck[] = [
  serverErrorCheck,
  statusCheck,
  contentTypeCheck,
  bodyCheck,
  filterBypassCheck,
  methodCheck,
  responseTimeCheck,
  leakCheck,
];

export { transportHits, tooLargeHits } from "./transport.js";
export { firstLine } from "./context.js";

/** Every check's hits for one answer. */
export function checkAnswer(request: FuzzRequest, answer: FuzzAnswer, maxResponseTimeMs?: number): CheckHit[] {
  let parsed: ReturnType<CheckContext["json"]> | undefined;
  const context: CheckContext = {
    request,
    answer,
    maxResponseTimeMs,
    json() {
      if (parsed === undefined)
        try {
          parsed = { parsed: true, value: JSON.parse(answer.text) as unknown };
        } catch {
          parsed = { parsed: false };
        }
      return parsed;
    },
  };
  const hits: CheckHit[] = [];
  for (const check of ANSWER_CHECKS) for (const hit of check.run(context)) hits.push(hit);
  return hits;
}

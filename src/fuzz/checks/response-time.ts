// response-time: an answer slower than --max-response-time (off unless given). An odd request that
// makes the provider scan or hang is a denial of service waiting to happen.
import type { FuzzCheck } from "./context.js";

export const responseTimeCheck: FuzzCheck = {
  name: "response-time",
  run({ answer, maxResponseTimeMs }) {
    if (maxResponseTimeMs === undefined || answer.durationMs <= maxResponseTimeMs) return [];
    return [
      {
        check: "response-time",
        severity: "error",
        cause: "slow",
        message: `answered in ${Math.round(answer.durationMs)} ms, over the limit of ${maxResponseTimeMs} ms (--max-response-time)`,
      },
    ];
  },
};

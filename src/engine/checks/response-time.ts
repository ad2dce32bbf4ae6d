// response-time: an answer slower than --max-response-time (off unless given). An odd request that
// makes the provider scan or hang is a denial of service waiting to happen.
import { found, type Check } from "./check.js";

export const responseTimeCheck: Check<"response-time"> = {
  name: "response-time",
  run(context) {
    const { answer, settings } = context;
    const limit = settings.maxResponseTimeMs;
    if (limit === undefined || answer.durationMs <= limit) return [];
    return [
      found(
        "response-time",
        context,
        "error",
        "response-time",
        "slow",
        `answered in ${Math.round(answer.durationMs)} ms, over the limit of ${limit} ms (--max-response-time)`,
      ),
    ];
  },
};

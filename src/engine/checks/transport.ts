// transport: what went wrong below HTTP's answer: the connection reset or closed mid-answer, HTTP
// that does not parse, a body its Content-Encoding does not decode, a body past the response cap,
// no answer (or no byte of the body) within the timeout. A request that takes a provider's
// connection down is a crash a client sees as a network error.
import type { ExchangeFault } from "../http-client.js";
import type { ProviderFinding } from "../finding.js";
import type { PlannedRequest } from "../request.js";
import { found, type Check } from "./check.js";

/** The finding of an exchange that ended in a fault instead of an answer: a body its Content-Encoding does not decode is `content-encoding`. */
export function transportFindings(request: PlannedRequest, fault: ExchangeFault): ProviderFinding[] {
  return fault.kind === "decoding"
    ? [found("transport", { request }, "error", "content-encoding", fault.kind, fault.message)]
    : [found("transport", { request }, "error", "transport", fault.kind, fault.message)];
}

export const transportCheck: Check<"transport"> = {
  name: "transport",
  run(context) {
    const { answer, settings } = context;
    if (!answer.tooLarge) return [];
    return [
      found(
        "transport",
        context,
        "error",
        "response-too-large",
        "too-large",
        `the ${answer.status} body is larger than ${settings.maxResponseBytes.toLocaleString("en-US")} bytes (--max-response-bytes, counted after decompression): not read further`,
      ),
    ];
  },
};

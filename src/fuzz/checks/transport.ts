// transport: what went wrong below HTTP's answer: the connection reset or closed mid-answer, HTTP
// that does not parse, a body past the response cap, no answer within the timeout. A request that
// takes a provider's connection down is a crash a client sees as a network error.
import type { CheckHit, FuzzAnswer, TransportFault } from "../types.js";

export function transportHits(fault: TransportFault): CheckHit[] {
  return [{ check: "transport", severity: "error", cause: fault.kind, message: fault.message }];
}

export function tooLargeHits(answer: FuzzAnswer, maxBytes: number): CheckHit[] {
  if (!answer.tooLarge) return [];
  return [
    {
      check: "transport",
      severity: "error",
      cause: "too-large",
      message: `the ${answer.status} body is larger than ${maxBytes.toLocaleString("en-US")} bytes (--max-response-bytes): not read further`,
    },
  ];
}

// What `fuzz --replay` agrees to send again: only a request fuzz itself sends (docs/fuzz.md, "What a
// replay sends"). A report is a file anyone can edit: read back as it is, it made the replay send a
// `DELETE` with a 123-byte body, `Host: internal.admin` and two framings at once, with the run's own
// credentials. Here a finding's `sent` is checked against the fuzzer's own vocabulary (its methods, a
// body of at most two bytes on a write, the path of the finding's operation, a query of printable
// ASCII, the `accept` values it sends and `content-type: application/json` beside a body) and refused
// whole otherwise: a request with a part dropped is another request, and "fixed" would be a lie.
import { OPERATIONS, type OperationId } from "../contract/operations.js";
import { targetOf, WRITE_METHODS, type PlannedRequest } from "../engine/request.js";
import { ODD_ACCEPTS, OTHER_METHODS } from "./odd-values.js";

/** The longest path and query a replay sends (fuzz's longest: about 11 KB). */
export const MAX_REPLAY_TARGET = 32 * 1024;

/** The methods fuzz sends. */
export const FUZZ_METHODS: readonly string[] = ["GET", ...OTHER_METHODS];

/** The `accept` values fuzz sends: a client's, and the odd ones. */
const ACCEPTS: ReadonlySet<string> = new Set(["application/json", ...ODD_ACCEPTS]);

/** Headers that frame or route a request, or carry credentials: never taken from a file. */
const FORBIDDEN =
  /^(?:host|content-length|transfer-encoding|connection|keep-alive|te|trailer|upgrade|expect|proxy-.*|authorization|cookie|:.*|x-forwarded-.*|forwarded|x-http-method(?:-override)?|x-method-override)$/i;

const listPaths = (operationId: OperationId): string[] => {
  const path = OPERATIONS[operationId].path;
  return [path, `${path}/`, `${path}//`];
};
const BY_ID_PREFIX = OPERATIONS.getHumanEvaluation.path.replace("{evaluation_id}", "");

/** Printable ASCII but the space, as fuzz's percent-encoded paths and queries are. */
const WIRE = /^[\x21-\x7e]*$/;

export type SentRequest = Pick<PlannedRequest, "method" | "path" | "query" | "headers" | "body">;

/** Why fuzz would never send `sent` for `operationId` (a few words naming the part), or undefined when it would. */
export function unreplayable(sent: SentRequest, operationId: OperationId): string | undefined {
  const { method, path, query, headers, body } = sent;
  if (!FUZZ_METHODS.includes(method)) return `method ${JSON.stringify(method)} is none fuzz sends (${FUZZ_METHODS.join(", ")})`;
  if (!WIRE.test(path) || path.includes("#")) return "path holds a character fuzz never sends raw (only printable ASCII, percent-encoded)";
  if (operationId === "getHumanEvaluation") {
    const id = path.startsWith(BY_ID_PREFIX) ? path.slice(BY_ID_PREFIX.length).replace(/\/$/, "") : "";
    if (id === "" || id.includes("/")) return `path ${JSON.stringify(path.slice(0, 80))} is not the path of ${operationId}`;
  } else if (!listPaths(operationId).includes(path)) return `path ${JSON.stringify(path.slice(0, 80))} is not the path of ${operationId}`;
  for (const [name, value] of query) {
    if (name === "" || !WIRE.test(name) || /[&#=]/.test(name)) return "query holds a parameter name fuzz never sends";
    if (value !== null && (!WIRE.test(value) || /[&#]/.test(value)))
      return `query value of ${JSON.stringify(name.slice(0, 40))} holds a character fuzz never sends raw`;
  }
  const target = targetOf(sent).length;
  if (target > MAX_REPLAY_TARGET)
    return `path and query are ${target.toLocaleString("en-US")} characters, past the ${MAX_REPLAY_TARGET.toLocaleString("en-US")} a replay sends`;
  const seen = new Set<string>();
  for (const [name, value] of headers) {
    if (FORBIDDEN.test(name))
      return `header ${JSON.stringify(name.slice(0, 40))} is never taken from a report (framing, routing and credentials are the run's own)`;
    if (name !== "accept" && name !== "content-type")
      return `header ${JSON.stringify(name.slice(0, 40))} is none fuzz sends (only accept, and content-type beside a body)`;
    if (seen.has(name)) return `header ${name} is given twice`;
    seen.add(name);
    if (name === "accept" && !ACCEPTS.has(value)) return `accept ${JSON.stringify(value.slice(0, 40))} is no value fuzz sends`;
    if (name === "content-type" && (value !== "application/json" || body === undefined))
      return "content-type is sent only as application/json beside a body";
  }
  if (body !== undefined) {
    if (!WRITE_METHODS.has(method)) return `a ${method} carries no body`;
    if (!/^[\x20-\x7e]{0,2}$/.test(body)) return "body is more than 2 bytes of printable ASCII (fuzz's write body is {})";
  }
  return undefined;
}

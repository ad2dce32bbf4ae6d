// Checks a whole HTTP response of one operation: status, content type, body shape, every record.
import { operationSpec, type OperationId } from "../contract/operations.js";
import { checkDocument, checkResource } from "./check-resource.js";
import type { Finding } from "./finding.js";
import { oversizedNumberRestorer, showsOversizedNumber } from "./oversized-numbers.js";

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export interface HttpResponseLike {
  status: number;
  headers: HeaderBag;
  /** Raw body text, or an already parsed JSON value. */
  body: string | unknown;
}

function headerValue(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value.join(", ") : value;
}

const finding = (severity: Finding["severity"], path: string, rule: string, message: string): Finding => ({
  severity,
  path,
  rule,
  message,
});

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** Findings for one response of `operationId`; an empty list means it conforms. */
export function checkResponse(operationId: OperationId, response: HttpResponseLike): Finding[] {
  const spec = operationSpec(operationId);
  const documented = Object.hasOwn(spec.responses, response.status) ? spec.responses[response.status as 200 | 422] : undefined;
  if (!documented) {
    const known = Object.keys(spec.responses).join(", ");
    return [finding("error", "$", "status-code", `undocumented status ${response.status} (documented: ${known})`)];
  }
  const findings: Finding[] = [];
  const contentType = headerValue(response.headers, "content-type");
  if (!contentType || !JSON_MEDIA_TYPE.test(contentType))
    findings.push(
      finding("error", "$", "content-type", `content type is ${contentType ? `"${contentType}"` : "missing"}, expected application/json`),
    );

  let body: unknown = response.body;
  if (typeof response.body === "string") {
    const text = response.body;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      findings.push(finding("error", "$", "body-json", `body is not valid JSON: ${JSON.stringify(text.slice(0, 40))}`));
      return findings;
    }
  }
  const { schema, array } = documented.body;
  if (array && !Array.isArray(body)) {
    const got = body === null ? "null" : typeof body;
    findings.push(finding("error", "$", "body-shape", `a ${response.status} body must be a JSON array of ${schema}, got ${got}`));
    return findings;
  }
  const found = array ? checkDocument(schema, body) : checkResource(schema, body);
  // From the text, a number too large for a double is shown as sent (`1e400`), not as a placeholder.
  if (typeof response.body === "string" && found.some((f) => showsOversizedNumber(f.message))) {
    const restore = oversizedNumberRestorer(response.body);
    for (let i = 0; i < found.length; i++) found[i] = restore(found[i]!);
  }
  return [...findings, ...found];
}

// conformance: a body conforms to the schema of its status, with the checker's JSON paths and rules:
// the resource or list for a 200, the validation error body for a 422; plus what JSON.parse hides in
// a valid body (a key twice in one object, a number out of range) and a body nested too deep. Status
// and content type have checks of their own: their findings are left to them. Verify runs it on
// every record of every list (a long list in slices, so that the requests in flight are still read);
// fuzz on every answer, folding the findings by rule and path pattern.
import { visitRecords } from "../../check/check-resource.js";
import { checkResponse } from "../../check/check-response.js";
import { oversizedNumberRestorer } from "../../check/oversized-numbers.js";
import type { Severity } from "../../check/finding.js";
import { OPERATIONS, type OperationId } from "../../contract/operations.js";
import { jsonTextIssues } from "../../io/json-text-issues.js";
import type { ProviderFinding } from "../finding.js";
import { createFindingList, type FindingList } from "../finding-list.js";
import type { ParsedAnswer } from "../parsed-answer.js";
import type { Check } from "./check.js";
import { requestLine } from "../request.js";

/** Where a finding comes from: the operation and the request line. */
interface At {
  operation: OperationId;
  request: string;
}

const finding = (severity: Severity, path: string, rule: string, message: string, at: At): ProviderFinding => ({
  check: "conformance",
  severity,
  operation: at.operation,
  path,
  rule,
  message,
  request: at.request,
});

/** The checker's rules that other checks own: `status` and `content-type`. */
const OWNED_ELSEWHERE: ReadonlySet<string> = new Set(["status-code", "content-type"]);

/** Keys twice in one object and numbers out of range: valid JSON that clients read differently. */
function addTextIssues(list: FindingList, answer: ParsedAnswer, at: At): void {
  if (!answer.parsed) return;
  const { issues, more } = jsonTextIssues(answer.text);
  for (const issue of issues)
    list.add(
      issue.kind === "duplicate-key"
        ? finding(
            "error",
            issue.path,
            "duplicate-key",
            `key ${JSON.stringify(issue.text)} appears more than once in this object: the checker sees the last value, a first-wins client another`,
            at,
          )
        : finding(
            "error",
            issue.path,
            "number-out-of-range",
            `${issue.text} is out of range for a number (it parses as ${issue.text.startsWith("-") ? "-Infinity" : "Infinity"}; JSON has no infinite numbers)`,
            at,
          ),
    );
  if (more > 0)
    list.add(
      finding(
        "error",
        "$",
        "duplicate-key",
        `and ${more.toLocaleString("en-US")} more duplicate keys or out-of-range numbers in this body`,
        at,
      ),
    );
}

const documentedBody = (operationId: OperationId, status: number): { schema: string; array: boolean } | undefined =>
  (OPERATIONS[operationId].responses as Partial<Record<number, { body: { schema: string; array: boolean } }>>)[status]?.body;

/** A checker's finding as the conformance check's, a number too large for a double shown as sent (checkResponse does it for the text it parses). */
function completer(
  answer: ParsedAnswer,
  at: At,
): (f: { severity: Severity; path: string; rule: string; message: string }) => ProviderFinding {
  const restore = oversizedNumberRestorer(answer.text);
  return (f) => restore({ check: "conformance", ...f, ...at });
}

/** The checker's findings of the answer's body (a documented status only), added to a bounded list. */
export function addConformanceFindings(list: FindingList, operationId: OperationId, answer: ParsedAnswer): void {
  const at = { operation: operationId, request: answer.request };
  if (answer.fault?.rule === "max-depth") return list.add(finding("error", "$", "max-depth", answer.fault.message, at));
  const documented = documentedBody(operationId, answer.status);
  if (documented === undefined || answer.fault !== undefined) return;
  addTextIssues(list, answer, at);
  const complete = completer(answer, at);
  if (documented.array && answer.parsed && answer.elements !== undefined) {
    // A list: every record visited with the findings bounded as they come (the parsed body reused).
    visitRecords(
      documented.schema as Parameters<typeof visitRecords>[0],
      answer.elements,
      (f) => list.addWith(f, complete),
      (severity, rule) => list.countOnly(severity, rule),
    );
    return;
  }
  for (const f of checkResponse(operationId, { status: answer.status, headers: { "content-type": "application/json" }, body: answer.text }))
    if (!OWNED_ELSEWHERE.has(f.rule)) list.add(complete(f));
}

/** The conformance findings of one answer, at most MAX_FINDINGS_PER_CHECK kept. */
export function conformanceFindings(operationId: OperationId, answer: ParsedAnswer): ProviderFinding[] {
  const list = createFindingList();
  addConformanceFindings(list, operationId, answer);
  return list.findings();
}

/**
 * Records checked between two turns of the event loop: a long list must not starve the requests in
 * flight (their timeouts run). Small enough that a run's parsed records die young.
 */
const SLICE = 1_000;

/** The next `size` records of `records` (fewer at its end), taken as the walk reaches them: none is held for the run. */
function* nextRun(records: Iterator<unknown>, size: number): Generator<unknown> {
  for (let n = 0; n < size; n++) {
    const next = records.next();
    if (next.done === true) return;
    yield next.value;
  }
}

/**
 * addConformanceFindings for a long list, checked in slices with a turn of the event loop between
 * them: a million records take tens of seconds of checking, during which other answers must still
 * be read before their timeouts.
 */
export async function addListConformanceFindings(list: FindingList, operationId: OperationId, answer: ParsedAnswer): Promise<void> {
  const documented = documentedBody(operationId, answer.status);
  if (answer.fault !== undefined || documented?.array !== true || !answer.parsed || answer.elements === undefined)
    return addConformanceFindings(list, operationId, answer);
  const at = { operation: operationId, request: answer.request };
  addTextIssues(list, answer, at);
  const complete = completer(answer, at);
  const records = answer.elements[Symbol.iterator]();
  const counted = (severity: Severity, rule: string): boolean => list.countOnly(severity, rule);
  for (let start = 0; start < answer.elements.length; start += SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    visitRecords(
      documented.schema as Parameters<typeof visitRecords>[0],
      nextRun(records, SLICE),
      (f) => list.addWith(f, complete),
      counted,
      start,
    );
  }
}

/** Findings of one body, remembered by operation, status and text: most odd requests get the same `[]` or 422. */
const cache = new Map<string, ProviderFinding[]>();
const CACHE_ENTRIES = 512;
const CACHED_TEXT = 256 * 1024;

export const conformanceCheck: Check<"conformance"> = {
  name: "conformance",
  run({ request, answer, parsed }) {
    if (request.method !== "GET" || documentedBody(request.operationId, answer.status) === undefined) return [];
    const key = answer.text.length <= CACHED_TEXT ? `${request.operationId}|${answer.status}|${answer.text}` : undefined;
    const known = key === undefined ? undefined : cache.get(key);
    // A cache hit parses nothing: the findings are the text's, only the request line is this one's.
    if (known !== undefined) {
      const line = requestLine(request);
      return known.map((f) => ({ ...f, request: line }));
    }
    const findings = conformanceFindings(request.operationId, parsed());
    if (key !== undefined) {
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, findings);
    }
    return findings;
  },
};

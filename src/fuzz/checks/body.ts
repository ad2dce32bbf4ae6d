// body: the body conforms to the schema of its status, with the checker's JSON paths and rules: the
// resource or list for a 200, the validation error body for a 422. Status and content type have
// checks of their own; their findings are left to them. One hit per kind of finding (rule and
// path pattern), so a list of a thousand records with one bad field is one failure.
import { checkResponse, plural } from "../../check/index.js";
import type { Finding } from "../../check/finding.js";
import type { CheckHit } from "../types.js";
import type { FuzzCheck } from "./context.js";

const OWNED_ELSEWHERE = new Set(["status-code", "content-type"]);

/** Findings of one body, remembered by operation, status and text: most odd requests get the same `[]` or 422. */
const cache = new Map<string, Finding[]>();
const CACHE_ENTRIES = 512;
const CACHED_TEXT = 256 * 1024;

function findingsFor(operationId: Parameters<typeof checkResponse>[0], status: number, text: string): Finding[] {
  const key = text.length <= CACHED_TEXT ? `${operationId}|${status}|${text}` : undefined;
  const known = key === undefined ? undefined : cache.get(key);
  if (known !== undefined) return known;
  const findings = checkResponse(operationId, { status, headers: { "content-type": "application/json" }, body: text }).filter(
    (f) => !OWNED_ELSEWHERE.has(f.rule),
  );
  if (key !== undefined) {
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, findings);
  }
  return findings;
}

export const bodyCheck: FuzzCheck = {
  name: "body",
  run({ request, answer }) {
    if (request.method !== "GET" || answer.tooLarge || (answer.status !== 200 && answer.status !== 422)) return [];
    const kinds = new Map<string, CheckHit>();
    const warnings: Finding[] = [];
    for (const finding of findingsFor(request.operationId, answer.status, answer.text)) {
      if (finding.severity === "warning") {
        warnings.push(finding);
        continue;
      }
      const pattern = finding.path.replace(/\[\d+\]/g, "[*]");
      const cause = `${answer.status} ${finding.rule} ${pattern}`;
      const hit = kinds.get(cause);
      if (hit !== undefined) hit.findings!.push(finding);
      else
        kinds.set(cause, {
          check: "body",
          severity: "error",
          cause,
          message: `the ${answer.status} body does not conform: ${pattern} ${finding.rule}: ${finding.message}`,
          findings: [finding],
        });
    }
    // Warnings (the real service's nulls and naive timestamps) are one hit per status: verify's job to list.
    if (warnings.length > 0) {
      const rules = [...new Set(warnings.map((f) => f.rule))].sort();
      kinds.set(`${answer.status} warnings`, {
        check: "body",
        severity: "warning",
        cause: `${answer.status} warnings ${rules.join(",")}`,
        message: `the ${answer.status} body has ${plural(warnings.length, "warning")} (${rules.join(", ")}): see \`evals-contract verify\` for each`,
        findings: warnings,
      });
    }
    return [...kinds.values()];
  },
};

// One readable line per request through Prism, and one indented line per violation under it; a
// violation repeated across records (one renamed field in 50 records) is one line with its count
// and first locations, as `validate` folds findings (`--all` lists each).
import type { PrismExchange, PrismViolation } from "./violation.js";
import { messagePattern } from "../check/fold-findings.js";
import { plural } from "../check/format-findings.js";

const SEVERITY_LABEL: Record<PrismViolation["severity"], string> = {
  Error: "error",
  Warning: "warning",
  Information: "info",
  Hint: "hint",
};

/** `["response", "body", "0", "testset_id"]` -> `response body $[0].testset_id`. */
export function describeLocation(location: readonly string[]): string {
  const [side = "", part, ...rest] = location;
  const path = rest
    .map((key) => (/^\d+$/.test(key) ? `[${key}]` : /^[A-Za-z_]\w*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`))
    .join("");
  return [side, part, rest.length > 0 ? `$${path}` : undefined].filter(Boolean).join(" ");
}

/** Prism repeats the location at the start of its messages ("Response body property 0.id must be string"). */
const shortMessage = (message: string): string =>
  message.replace(/^(request|response) (body|query|headers?|path)( property \S+)? (?=\S)/i, "") || message;

export const formatViolation = (violation: PrismViolation): string =>
  `  ${SEVERITY_LABEL[violation.severity].padEnd(7)} ${describeLocation(violation.location)}: ${shortMessage(violation.message)}`;

const FIRST_LOCATIONS = 3;

/** The violations' lines, repeats (same severity, keyword, location but for array indexes, message but for values) folded. */
export function formatViolations(violations: readonly PrismViolation[]): string[] {
  const groups = new Map<string, { first: PrismViolation; count: number; at: string[] }>();
  for (const violation of violations) {
    const where = violation.location.map((key) => (/^\d+$/.test(key) ? "#" : key)).join("\u0000");
    const key = [violation.severity, violation.code, where, messagePattern(shortMessage(violation.message))].join("\u0001");
    const group = groups.get(key);
    if (!group) groups.set(key, { first: violation, count: 1, at: [describeLocation(violation.location)] });
    else {
      group.count++;
      if (group.at.length < FIRST_LOCATIONS) group.at.push(describeLocation(violation.location));
    }
  }
  return [...groups.values()].map(({ first, count, at }) =>
    count === 1
      ? formatViolation(first)
      : `${formatViolation(first)} (${count.toLocaleString("en-US")} times, at ${at.join(", ")}${count > at.length ? ", ..." : ""}; --all lists each)`,
  );
}

export function formatExchange(exchange: PrismExchange, options: { all?: boolean } = {}): string[] {
  const count = (side: string): string | undefined => {
    const n = exchange.violations.filter((v) => v.location[0] === side).length;
    return n > 0 ? plural(n, `${side} violation`) : undefined;
  };
  const { problem } = exchange;
  // Prism's problem details are boilerplate when the violations below already say what is wrong.
  const detail = problem?.detail && exchange.violations.length === 0 ? ` (${problem.detail})` : "";
  const notes = [count("request"), count("response"), problem ? `Prism: ${problem.title}${detail}` : undefined].filter(Boolean);
  // The fixture mock's request line (`GET /evaluations?app_id=x 200 0.4ms`), then what Prism found.
  const time = exchange.durationMs === undefined ? "" : ` ${exchange.durationMs.toFixed(1)}ms`;
  const head = `${exchange.method} ${exchange.url} ${exchange.status}${time}${notes.length > 0 ? `  ${notes.join("; ")}` : ""}`;
  return [head, ...(options.all === true ? exchange.violations.map(formatViolation) : formatViolations(exchange.violations))];
}

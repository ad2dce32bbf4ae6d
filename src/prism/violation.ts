// Prism's findings about one request/response, read from what Prism itself sends back: the
// `sl-violations` header (set whenever there is a violation) or, when Prism refuses the request
// (`--errors`, or an invalid request in proxy mode), the `validation` list of its problem+json body.

export type PrismSeverity = "Error" | "Warning" | "Information" | "Hint";

export interface PrismViolation {
  /** "request" or "response", then where in it: ["response", "body", "0", "testset_id"]. */
  location: string[];
  severity: PrismSeverity;
  /** The JSON Schema keyword that failed (`type`, `required`, `pattern`, ...), as Prism reports it. */
  code: string;
  message: string;
}

/** One request that went through Prism, with what Prism found wrong with it. */
export interface PrismExchange {
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  /** Status the client received. */
  status: number;
  /** From the request's arrival to the end of the response (the relay measures it). */
  durationMs?: number;
  violations: PrismViolation[];
  /** Prism answered with its own error instead of the mock or upstream response (e.g. `--errors`). */
  problem?: { type: string; title: string; detail?: string };
}

const SEVERITIES: ReadonlySet<string> = new Set(["Error", "Warning", "Information", "Hint"]);

function toViolation(raw: unknown, side: "request" | "response"): PrismViolation | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { location, severity, code, message } = raw as Record<string, unknown>;
  const where = Array.isArray(location) ? location.map(String) : [];
  // Prism's 422 for an invalid request lists locations without the "request" prefix.
  const full = where[0] === "request" || where[0] === "response" ? where : [side, ...where];
  return {
    location: full,
    severity: typeof severity === "string" && SEVERITIES.has(severity) ? (severity as PrismSeverity) : "Error",
    code: String(code ?? "unknown"),
    message: String(message ?? ""),
  };
}

/**
 * Keeps what a reader needs. The null-tolerant proxy document writes optional properties as
 * `if: {type: null}, else: <schema>`; Prism reports a failed `else` next to the real fault, so the
 * `if` entries only repeat it.
 */
const meaningful = (violations: PrismViolation[]): PrismViolation[] => violations.filter((v) => v.code !== "if");

/** Violations from an `sl-violations` header (Prism truncates it beyond ~8 KB). */
export function parseViolationHeader(value: string): PrismViolation[] {
  try {
    const parsed = JSON.parse(value) as unknown;
    if (!Array.isArray(parsed)) return [];
    return meaningful(parsed.map((raw) => toViolation(raw, "response")).filter((v): v is PrismViolation => v !== undefined));
  } catch {
    return [
      {
        location: ["response"],
        severity: "Error",
        code: "truncated",
        message: "too many violations to list (Prism truncated its sl-violations header)",
      },
    ];
  }
}

/** The problem and violations of a Prism problem+json body, or undefined when it is not one. */
export function parseProblemBody(
  text: string,
  status: number,
): { problem: NonNullable<PrismExchange["problem"]>; violations: PrismViolation[] } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  if (typeof body !== "object" || body === null) return undefined;
  const { type, title, detail, validation } = body as Record<string, unknown>;
  if (typeof type !== "string" || typeof title !== "string") return undefined;
  // 422 is Prism refusing the request; any other status with a list is about the response.
  const side = status === 422 ? "request" : "response";
  const list = Array.isArray(validation) ? validation : [];
  return {
    problem: { type, title, ...(typeof detail === "string" ? { detail } : {}) },
    violations: meaningful(list.map((raw) => toViolation(raw, side)).filter((v): v is PrismViolation => v !== undefined)),
  };
}

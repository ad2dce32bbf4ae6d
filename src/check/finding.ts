// The checker's result type: a finding is data, never an exception.

export type Severity = "error" | "warning";

export interface Finding {
  severity: Severity;
  /** JSONPath of the offending value, e.g. `$[3].aggregated_results[0].evaluator_config`. */
  path: string;
  /** Stable rule name, e.g. `required`, `null-optional`; see docs/rules.md. */
  rule: string;
  /** One readable sentence. */
  message: string;
}

export const countBySeverity = (findings: readonly Finding[]): { errors: number; warnings: number } => ({
  errors: findings.filter((f) => f.severity === "error").length,
  warnings: findings.filter((f) => f.severity === "warning").length,
});

export const hasErrors = (findings: readonly Finding[]): boolean => findings.some((f) => f.severity === "error");

/** `--strict`: every warning becomes an error. */
export const escalateWarnings = (findings: readonly Finding[]): Finding[] =>
  findings.map((f) => (f.severity === "warning" ? { ...f, severity: "error" } : f));

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends a JSON Pointer (as Ajv reports it) to a JSONPath. */
export function joinPath(base: string, pointer: string): string {
  if (pointer === "") return base;
  let path = base;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (/^(0|[1-9][0-9]*)$/.test(segment)) path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}

// Turns Ajv's raw errors into readable findings: one per fault, with a JSON path, a stable rule
// name and a sentence. Ajv's own output (schema paths, "must match a schema in anyOf") never
// reaches the user.
import type { ErrorObject } from "ajv";
import type { Finding, Severity } from "./finding.js";
import { joinPath } from "./finding.js";
import type { JsonSchema } from "../schemas/catalog.js";

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const parentOf = (error: ErrorObject): JsonSchema => (error.parentSchema ?? {}) as JsonSchema;

const isTimestampSchema = (schema: JsonSchema): boolean => schema.title === "Timestamp";

/** Ajv reports failed branches before the anyOf itself; keep only the anyOf, and drop if/then noise. */
export function collapseBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword === "if") continue;
    if (error.keyword === "anyOf" || error.keyword === "oneOf") {
      const prefix = error.instancePath;
      while (kept.length > 0) {
        const last = kept[kept.length - 1]!;
        if (last.instancePath !== prefix && !last.instancePath.startsWith(`${prefix}/`)) break;
        kept.pop();
      }
    }
    kept.push(error);
  }
  return kept;
}

const editDistance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
};

/** For a missing property, a present one that looks like a misspelling of it (the seed's naming quirks). */
function lookalike(missing: string, data: unknown, schema: JsonSchema): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const declared = (schema.properties ?? {}) as Record<string, unknown>;
  return Object.keys(data).find((key) => !(key in declared) && editDistance(key, missing) <= 2);
}

function branchNames(error: ErrorObject): string {
  const branches = Array.isArray(error.schema) ? (error.schema as JsonSchema[]) : [];
  const names = branches.map((branch) => {
    if (typeof branch.$ref === "string") return branch.$ref.replace(/\.json$/, "").replace(/^.*\//, "");
    const type = typeof branch.type === "string" ? branch.type : "value";
    return typeof branch.title === "string" ? `${type} (${branch.title.toLowerCase()})` : type;
  });
  return names.join(" or ");
}

interface Described {
  path: string;
  rule: string;
  message: string;
}

/** A finding of the contract variant: the seed is broken. */
function describeContract(error: ErrorObject, base: string): Described {
  const at = joinPath(base, error.instancePath);
  const parent = parentOf(error);
  switch (error.keyword) {
    case "required": {
      const property = String(error.params.missingProperty);
      const near = lookalike(property, error.data, parent);
      const hint = near ? ` (found "${near}" instead; the seed spells it "${property}" in ${String(parent.title)})` : "";
      return { path: joinPath(at, `/${property}`), rule: "required", message: `missing required property "${property}"${hint}` };
    }
    case "type":
      return { path: at, rule: "type", message: `must be ${String(error.params.type)}, got ${kindOf(error.data)}` };
    case "anyOf":
      return { path: at, rule: "any-of", message: `must be ${branchNames(error)}, got ${kindOf(error.data)} ${show(error.data)}` };
    case "pattern":
      if (isTimestampSchema(parent)) return { path: at, rule: "timestamp", message: `${show(error.data)} is not an ISO 8601 date-time` };
      return { path: at, rule: "pattern", message: `${show(error.data)} does not match ${String(error.params.pattern)}` };
    default:
      return { path: at, rule: error.keyword, message: error.message ?? `fails ${error.keyword}` };
  }
}

/** A finding only the strict variant has: allowed by the seed, risky for clients. */
function describeStrict(error: ErrorObject, base: string): Described {
  const at = joinPath(base, error.instancePath);
  const parent = parentOf(error);
  switch (error.keyword) {
    case "type":
      if (error.data === null)
        return { path: at, rule: "null-optional", message: "optional field is null; the seed does not mark it nullable (omit it instead)" };
      break;
    case "additionalProperties": {
      const property = String(error.params.additionalProperty);
      const owner = typeof parent.title === "string" ? parent.title : "this object";
      return {
        path: joinPath(at, `/${property.replace(/~/g, "~0").replace(/\//g, "~1")}`),
        rule: "unknown-property",
        message: `property "${property}" is not listed by the seed for ${owner}`,
      };
    }
    case "enum": {
      const known = (error.params.allowedValues as unknown[]).map(String);
      const list = known.length > 8 ? `${known.slice(0, 8).join(", ")}, ...` : known.join(", ");
      return { path: at, rule: "unknown-value", message: `${show(error.data)} is not a known value (known: ${list})` };
    }
    case "pattern":
      if (typeof error.data === "string" && !/(Z|z|[+-]\d{2}:?\d{2})$/.test(error.data))
        return { path: at, rule: "naive-timestamp", message: `${show(error.data)} has no UTC offset: clients parse it as local time` };
      if (typeof error.data === "string" && error.data.includes(" "))
        return { path: at, rule: "timestamp-separator", message: `${show(error.data)} uses a space instead of "T" between date and time` };
      break;
    case "required": {
      if (parent.title === "EvaluatorConfig") {
        const present = typeof error.data === "object" && error.data !== null ? Object.keys(error.data) : [];
        const missing = ((parent.required ?? []) as string[]).filter((p) => !present.includes(p));
        return {
          path: at,
          rule: "partial-evaluator-config",
          message: `neither {} nor a full EvaluatorConfig: missing ${missing.join(", ")}`,
        };
      }
      const property = String(error.params.missingProperty);
      return { path: joinPath(at, `/${property}`), rule: "expected-required", message: `missing expected property "${property}"` };
    }
  }
  return { path: at, rule: `expected-${error.keyword}`, message: error.message ?? `fails ${error.keyword}` };
}

const toFinding = (severity: Severity, described: Described): Finding => ({ severity, ...described });

/**
 * Findings of one value from the raw errors of both variants: contract errors are errors; strict
 * errors at a path with no contract error are warnings (one fault per value: the error wins).
 */
export function describeErrors(contractErrors: readonly ErrorObject[], strictErrors: readonly ErrorObject[], base: string): Finding[] {
  const errors = collapseBranches(contractErrors).map((e) => toFinding("error", describeContract(e, base)));
  const errorPaths = new Set(errors.map((f) => f.path));
  const warnings: Finding[] = [];
  const seen = new Set<string>();
  for (const raw of collapseBranches(strictErrors)) {
    const finding = toFinding("warning", describeStrict(raw, base));
    const key = `${finding.path}|${finding.rule}`;
    if (errorPaths.has(finding.path) || seen.has(key)) continue;
    seen.add(key);
    warnings.push(finding);
  }
  return [...errors, ...warnings];
}

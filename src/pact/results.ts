// Reads the Pact verifier's JSON result (pact-core returns the FFI's `pactffi_verifier_json`: the
// overall result, one entry per verified interaction, the errors with their mismatches) into one
// pass/fail and a list of readable mismatches per interaction. Parsing this JSON, not the
// coloured text report, is what keeps the per-interaction outcome robust.
import type { OperationId } from "../contract/operations.js";
import { stripVTControlCharacters } from "node:util";
import { PACT_INTERACTIONS } from "./contract.js";
import type { ProviderStateFailure } from "./provider-states.js";

/** A list Pact was given cut to its first records (src/pact/list-sample.ts); declared here, free of Node types, for the public result. */
export interface SampledList {
  /** `GET /evaluations?app_id=...`, as findings name it. */
  request: string;
  records: number;
  matched: number;
}

export interface PactInteractionResult {
  description: string;
  operationId: OperationId;
  passed: boolean;
  mismatches: string[];
  /**
   * Set (with passed false and no mismatches) when the interaction could not be verified because
   * its provider state cannot be met: the app has no records of that kind. Not a failure.
   */
  skipReason?: string;
}

export interface PactVerificationResult {
  passed: boolean;
  interactions: PactInteractionResult[];
  /** Set when (part of) the verification could not run, e.g. a pact that failed to load. */
  error?: string;
  /** Lists longer than MAX_PACT_LIST_RECORDS: Pact matched their first records only (list-sample.ts). */
  sampledLists?: SampledList[];
}

interface VerifierMismatch {
  type?: string;
  path?: string;
  key?: string;
  parameter?: string;
  mismatch?: string;
  expected?: unknown;
  actual?: unknown;
}

interface VerifierError {
  interaction?: string;
  mismatch?: { type?: string; message?: string; mismatches?: VerifierMismatch[] };
}

/** The parts of the verifier's JSON read here. */
export interface VerifierJson {
  result: boolean;
  errors?: VerifierError[];
  pendingErrors?: VerifierError[];
  interactionResults?: Array<{ description?: string; result?: string }>;
}

export const isVerifierJson = (value: unknown): value is VerifierJson =>
  typeof value === "object" && value !== null && typeof (value as { result?: unknown }).result === "boolean";

const clean = (text: string): string => stripVTControlCharacters(text).replace(/\s+/g, " ").trim();

const PLACE_OF_TYPE: Record<string, string> = {
  StatusMismatch: "status",
  BodyTypeMismatch: "body content type",
  MethodMismatch: "method",
  PathMismatch: "path",
};

/** One line per mismatch, led by where it is: `$[0].created_at: ...`, `status: ...`, `header Content-Type: ...`. */
export function formatMismatch(mismatch: VerifierMismatch): string {
  const text = clean(mismatch.mismatch ?? `expected ${JSON.stringify(mismatch.expected)}, got ${JSON.stringify(mismatch.actual)}`);
  let place = mismatch.path;
  if (mismatch.type === "HeaderMismatch" && mismatch.key !== undefined) place = `header ${mismatch.key}`;
  else if (mismatch.type === "QueryMismatch" && mismatch.parameter !== undefined) place = `query ${mismatch.parameter}`;
  place ??= PLACE_OF_TYPE[mismatch.type ?? ""] ?? mismatch.type ?? "response";
  return `${place}: ${text}`;
}

function errorLines(error: VerifierError): string[] {
  const detail = error.mismatch;
  if (detail?.mismatches !== undefined && detail.mismatches.length > 0) return detail.mismatches.map(formatMismatch);
  return [clean(detail?.message ?? "the interaction failed")];
}

/** The verifier names an error "Verifying a pact between C and P Given S - DESCRIPTION". */
const errorIsFor = (error: VerifierError, description: string): boolean =>
  error.interaction === description || (error.interaction ?? "").endsWith(` - ${description}`);

export interface ResultContext {
  operationOf: (description: string) => OperationId;
  /** Provider states that could not be met: their message explains the verifier's generic one. */
  stateFailures?: readonly ProviderStateFailure[];
}

function stateLines(error: VerifierError | undefined, failures: readonly ProviderStateFailure[]): string[] {
  if (error === undefined) return [];
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const failure of failures) {
    const line = `provider state "${failure.state}": ${failure.message}`;
    if (!seen.has(line) && (error.interaction ?? "").includes(`Given ${failure.state}`)) lines.push(line);
    seen.add(line);
  }
  return lines;
}

/**
 * Why an interaction was not verified, when every state it names that failed did so because the app
 * has no such records; undefined otherwise. Such a state is answered 200 (provider-states.ts), so the
 * interaction runs without its values and fails on whatever it finds: that failure says nothing of
 * the provider, and the interaction is reported skipped with the reason.
 */
function unmetStateReason(mine: readonly ProviderStateFailure[]): string | undefined {
  if (mine.length === 0 || !mine.every((f) => f.unmet === true)) return undefined;
  const first = mine[0]!;
  return `provider state "${first.state}" cannot be met: ${first.message}`;
}

/**
 * The recorded state failures of one interaction: those its error names (`Given <state>`), or those of
 * the state the contract gives its operation. A failed state is answered 200 (provider-states.ts), so
 * an interaction can even pass without it: the record, not the verifier, says it was not met.
 */
function stateFailuresOf(description: string, error: VerifierError | undefined, context: ResultContext): ProviderStateFailure[] {
  const failures = context.stateFailures ?? [];
  const named = failures.filter((f) => (error?.interaction ?? "").includes(`Given ${f.state}`));
  if (named.length > 0) return named;
  let state: string | undefined;
  try {
    state = PACT_INTERACTIONS[context.operationOf(description)]?.state;
  } catch {
    state = undefined;
  }
  return state === undefined ? [] : failures.filter((f) => f.state === state);
}

/** The verifier's JSON as a result; errors tied to no interaction (a pact that did not load) go to `error`. */
export function toVerificationResult(json: VerifierJson, context: ResultContext): PactVerificationResult {
  const errors = json.errors ?? [];
  const pending = json.pendingErrors ?? [];
  const interactions: PactInteractionResult[] = (json.interactionResults ?? []).map(({ description = "", result }) => {
    const error = errors.find((e) => errorIsFor(e, description));
    const stateFailures = stateFailuresOf(description, error, context);
    const skipReason = unmetStateReason(stateFailures);
    if (skipReason !== undefined)
      return { description, operationId: context.operationOf(description), passed: false, mismatches: [], skipReason };
    const pendingError = pending.find((e) => errorIsFor(e, description));
    const stated = stateLines(error, context.stateFailures ?? []);
    const mismatches = [
      ...(stated.length > 0 ? stated : [...new Set(stateFailures.map((f) => `provider state "${f.state}": ${f.message}`))]),
      ...(error ? errorLines(error) : []),
      // A pending pact's failures are reported but do not fail the run (Pact's "pending" feature).
      ...(pendingError ? errorLines(pendingError).map((line) => `(pending) ${line}`) : []),
    ];
    const passed = error === undefined && result !== "Error" && stateFailures.length === 0;
    return { description, operationId: context.operationOf(description), passed, mismatches };
  });
  const unattached = errors.filter((e) => !interactions.some((i) => errorIsFor(e, i.description)));
  const runErrors = unattached.map((e) => `${clean(e.interaction ?? "verification")}: ${errorLines(e).join("; ")}`);
  // The verifier's own result is false when a state could not be met; such interactions are skipped.
  const skipped = interactions.filter((i) => i.skipReason !== undefined);
  const settled = json.result || (skipped.length > 0 && errors.every((e) => skipped.some((i) => errorIsFor(e, i.description))));
  return {
    passed: settled && interactions.every((i) => i.passed || i.skipReason !== undefined) && runErrors.length === 0,
    interactions,
    ...(runErrors.length > 0 ? { error: runErrors.join("\n") } : {}),
  };
}

// Scenarios a frontend needs without editing data, in Prism's `Prefer` header syntax
// (`Prefer: code=500, delay=250, example=empty, fault=reset`) or as query parameters (`?__code=500
// &__delay=250&__example=empty&__fault=reset`, `__empty=1` for short). Unknown preferences are ignored (RFC 7240); a known
// one with a bad value, or an unknown `__` parameter, is a mock fault (400), so a typo never
// silently serves the happy path.

import { FAULTS, isFaultName, type FaultName } from "./faults.js";
import type { OperationId } from "../contract/operations.js";

export interface Scenario {
  delayMs?: number;
  /** A network fault the transport enacts (faults.ts). */
  transportFault?: FaultName;
  /** 200 or 400..599. */
  code?: number;
  /** Serve `[]` from the list endpoints. */
  empty?: boolean;
  /** A custom answer (a scenario setting's `respond`), checked and serialized once. */
  respond?: CustomAnswer;
  /**
   * A scenario setting's `times`: the scenario answers this many requests, then the plain answers
   * come back. `left` counts down, shared by every operation the setting's switch applies to.
   */
  times?: { readonly of: number; left: number };
  /** The preferences honoured, for the `Preference-Applied` header. */
  applied: string[];
}

/** A scenario's own answer: status, headers (the mock adds CORS and Content-Length) and the body's bytes. */
export interface CustomAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** Sent without the contract check (`unchecked: true`). */
  readonly unchecked?: true;
}

export const MAX_DELAY_MS = 120_000;
export const NO_SCENARIO: Scenario = Object.freeze({ applied: [] }) as Scenario;

const INTEGER = /^\d{1,9}$/;
/** An HTTP status as written on the wire: three digits, no sign, no leading zero. */
const STATUS = /^[1-9]\d{2}$/;

/** Collects `key=value` pairs of the Prefer header (`,` or `;` separated, values optionally quoted). */
function preferPairs(header: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of header.split(/[,;]/)) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    pairs.push([key, value]);
  }
  return pairs;
}

const QUERY_NAMES = ["__delay", "__code", "__example", "__empty", "__fault"];

/** `times` counts the requests a setting answers: one request's own scenario has nothing to count. */
export const TIMES_PER_REQUEST_FAULT =
  "times applies to a scenario setting (a session, the console, handlers.use or handlers.override), not to one request's Prefer or ?__ scenario, which is for that request alone";

/** The `__` query parameters as preferences; an unknown one is a typo of a scenario, so a fault. */
function queryPairs(query: URLSearchParams): [string, string][] | { fault: string } {
  const pairs: [string, string][] = [];
  for (const [key, value] of query) {
    if (!key.startsWith("__")) continue;
    if (key === "__times") return { fault: TIMES_PER_REQUEST_FAULT };
    if (!QUERY_NAMES.includes(key)) return { fault: `unknown scenario parameter "${key}" (known: ${QUERY_NAMES.join(", ")})` };
    // `__empty` keeps its name: its values are not example's, and a fault must name what was sent.
    pairs.push([key === "__empty" ? key : key.slice(2), value]);
  }
  return pairs;
}

const EMPTY_ON = new Set(["", "1", "true"]);
const EMPTY_OFF = new Set(["0", "false"]);

/** The scenario a request asks for, or a message saying what is wrong with it. */
export function readScenario(prefer: string | undefined, query: URLSearchParams | undefined): Scenario | { fault: string } {
  const fromQuery = query ? queryPairs(query) : [];
  if (!Array.isArray(fromQuery)) return fromQuery;
  const pairs = [...(prefer ? preferPairs(prefer) : []), ...fromQuery];
  if (pairs.length === 0) return NO_SCENARIO;
  const scenario: Scenario = { applied: [] };
  for (const [key, value] of pairs) {
    if (key === "delay") {
      if (!INTEGER.test(value) || Number(value) > MAX_DELAY_MS) return { fault: `delay must be 0 to ${MAX_DELAY_MS} ms, got "${value}"` };
      scenario.delayMs = Number(value);
    } else if (key === "code") {
      const code = Number(value);
      if (!STATUS.test(value) || (code !== 200 && (code < 400 || code > 599)))
        return { fault: `code must be 200 or 400 to 599, got "${value}"` };
      scenario.code = code;
    } else if (key === "example") {
      if (value !== "empty") return { fault: `unknown example "${value}" (known: empty)` };
      scenario.empty = true;
    } else if (key === "fault") {
      if (!isFaultName(value)) return { fault: `unknown fault "${value}" (known: ${FAULTS.join(", ")})` };
      scenario.transportFault = value;
    } else if (key === "times") {
      return { fault: TIMES_PER_REQUEST_FAULT };
    } else if (key === "__empty") {
      if (EMPTY_OFF.has(value)) continue;
      if (!EMPTY_ON.has(value)) return { fault: `__empty must be 1, true, 0 or false, got "${value}"` };
      scenario.empty = true;
      scenario.applied.push("example=empty");
      continue;
    } else continue;
    scenario.applied.push(`${key}=${value}`);
  }
  return scenario;
}

/**
 * The scenarios in force for a request that asks for none of its own: one for every operation
 * (`all`) and one per operation, which wins over `all` (set by the console, a session or MSW's
 * `handlers.use`). `label` names where they come from in the log ("console scenario").
 */
export interface ScenarioPlan {
  readonly all?: Scenario;
  readonly byOperation: Readonly<Partial<Record<OperationId, Scenario>>>;
  readonly label: string;
  /** No scenario at all: answers are the plain ones. */
  readonly none: boolean;
}

export const NO_PLAN: ScenarioPlan = Object.freeze({ byOperation: Object.freeze({}), label: "", none: true });

/** The scenario of `plan` for a request to `operationId` (NO_SCENARIO when none). */
export const scenarioOf = (plan: ScenarioPlan, operationId: OperationId): Scenario =>
  plan.none ? NO_SCENARIO : (plan.byOperation[operationId] ?? plan.all ?? NO_SCENARIO);

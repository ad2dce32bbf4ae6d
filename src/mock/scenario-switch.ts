// Scenario switches: the wire form of the scenarios a console, a session or MSW's `handlers.use`
// sets (`{"operation": "listEvaluations", "code": 500}`, `{"delay": 2000}`, `{"fault": "reset"}`),
// one or a list, made into the ScenarioPlan the core applies. Each switch is read with the
// per-request scenario reader (scenarios.ts), so a switch accepts exactly what `Prefer` accepts,
// with the same messages. Browser-safe.
import { isPlainObject } from "../types/json.js";
import { OPERATION_IDS, type OperationId } from "../contract/operations.js";
import { FAULTS, type FaultName } from "./faults.js";
import { NO_PLAN, NO_SCENARIO, readScenario, type CustomAnswer, type Scenario, type ScenarioPlan } from "./scenarios.js";
import { describeCustomAnswer, readCustomAnswer, type RespondSetting, type SwitchFault } from "./custom-answer.js";

export type { RespondSetting, SwitchFault } from "./custom-answer.js";

/** The most requests one `times` counts (docs/limits.md). */
export const MAX_SCENARIO_TIMES = 10_000;

interface SwitchBase {
  /** `listEvaluations`, `listHumanEvaluations` or `getHumanEvaluation`; absent: every operation. */
  operation?: OperationId;
  /** Hold the answer this long (ms, 0 to 120000); with `fault: "dribble"`, the time the body takes. */
  delay?: number;
  /**
   * Answer so this many requests (1 to 10,000), then answer normally: for testing retries. Counted
   * from this setting on (a new `use`, `override` or session PUT starts again); a switch without
   * `operation` counts the requests of every operation together.
   */
  times?: number;
}

/** One scenario: for one operation, or (without `operation`) for all. Every key optional. */
export type ScenarioSwitch = SwitchBase &
  (
    | {
        /** Answer this status (200 or 400 to 599) with the body the real service gives with it. */
        code?: number;
        /** Lists answer `[]`. */
        empty?: boolean;
        /** A fault: reset, empty, malformed, hang, dribble, gateway or truncated (src/mock/faults.ts). */
        fault?: FaultName;
        respond?: never;
        unchecked?: never;
      }
    | {
        /** This answer instead of the service's: a 200 or 422 body is checked against the contract. */
        respond: RespondSetting;
        /** Skip the contract check of `respond` (a client's tolerance of a wrong body). */
        unchecked?: boolean;
        code?: never;
        empty?: never;
        fault?: never;
      }
  );

/** What `scenario` takes: one switch, or a list of them (at most one per operation and one for all). */
export type ScenarioSetting = ScenarioSwitch | readonly ScenarioSwitch[];

const KEYS = ["operation", "delay", "code", "empty", "fault", "times", "respond", "unchecked"];
const EXAMPLE = `{"operation": "listEvaluations", "code": 500} or {"delay": 250, "empty": true} or {"fault": "reset"}`;

/** A value a message quotes: JSON for a number, a boolean, null or a text (cut short), else its kind: a 40,000-deep object overflows JSON.stringify's stack. */
const got = (value: unknown): string =>
  typeof value === "string"
    ? JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value)
    : value !== null && typeof value === "object"
      ? Array.isArray(value)
        ? "a list"
        : "an object"
      : (JSON.stringify(value) ?? String(value));

/** One switch's scenario and operation, or what is wrong with it (`where` prefixes the message for lists). */
function readSwitch(body: unknown, where: string): { operation?: OperationId; scenario: Scenario } | SwitchFault {
  if (!isPlainObject(body)) return { fault: `${where}must be a JSON object like ${EXAMPLE}` };
  const unknown = Object.keys(body).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) return { fault: `${where}unknown scenario field "${unknown[0]}" (known: ${KEYS.join(", ")})` };
  const { operation, delay, code, empty, fault, times, respond, unchecked } = body;
  if (operation !== undefined && operation !== null && !(OPERATION_IDS as readonly unknown[]).includes(operation))
    return { fault: `${where}operation must be one of ${OPERATION_IDS.join(", ")}, got ${got(operation)}` };
  const prefer: string[] = [];
  for (const [name, value] of [
    ["delay", delay],
    ["code", code],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "number") return { fault: `${where}${name} must be a number, got ${got(value)}` };
    // `code: 200` is "answer normally": no forced code, so it clears the code switch (it is checked all the same).
    if (name === "code" && value === 200) continue;
    prefer.push(`${name}=${value}`);
  }
  if (empty !== undefined && empty !== null && typeof empty !== "boolean")
    return { fault: `${where}empty must be true or false, got ${got(empty)}` };
  if (empty === true) prefer.push("example=empty");
  if (fault !== undefined && fault !== null) {
    if (typeof fault !== "string" || !(FAULTS as readonly string[]).includes(fault))
      return { fault: `${where}unknown fault ${got(fault)} (known: ${FAULTS.join(", ")})` };
    prefer.push(`fault=${fault}`);
  }
  let custom: CustomAnswer | undefined;
  if (unchecked !== undefined && unchecked !== null) {
    if (typeof unchecked !== "boolean") return { fault: `${where}unchecked must be true or false, got ${got(unchecked)}` };
    if (respond === undefined || respond === null)
      return { fault: `${where}unchecked goes with respond (it skips respond's contract check)` };
  }
  if (respond !== undefined && respond !== null) {
    const clash = (["code", "empty", "fault"] as const).find((key) => body[key] !== undefined && body[key] !== null);
    if (clash !== undefined) return { fault: `${where}respond is the whole answer: it takes no ${clash} (give delay or times with it)` };
    const operations = typeof operation === "string" ? [operation as OperationId] : OPERATION_IDS;
    const read = readCustomAnswer(respond, operations, unchecked === true);
    if ("fault" in read) return { ...read, fault: `${where}${read.fault}` };
    custom = read;
  }
  let count: number | undefined;
  if (times !== undefined && times !== null) {
    if (typeof times !== "number" || !Number.isInteger(times) || times < 1 || times > MAX_SCENARIO_TIMES)
      return {
        fault: `${where}times must be a whole number from 1 to ${MAX_SCENARIO_TIMES}, got ${got(times)}`,
      };
    count = times;
  }
  const read = prefer.length === 0 ? NO_SCENARIO : readScenario(prefer.join(", "), undefined);
  if ("fault" in read) return { fault: `${where}${read.fault}` };
  let scenario = read;
  if (custom !== undefined || count !== undefined) {
    scenario = { ...read, applied: [...read.applied] };
    if (custom !== undefined) {
      scenario.respond = custom;
      scenario.applied.push(`respond=${custom.status}`);
    }
    if (count !== undefined) {
      if (scenario.applied.length === 0) return { fault: `${where}times needs something to count: a code, fault, delay, empty or respond` };
      scenario.times = { of: count, left: count };
      scenario.applied.push(`times=${count}`);
    }
  }
  return typeof operation === "string" ? { operation: operation as OperationId, scenario } : { scenario };
}

/**
 * The plan of a scenario setting (`{}`, `null` or `[]`: none), or what is wrong with it. `label`
 * names its source in the log ("console scenario", "session w1").
 */
export function parseScenarioSetting(body: unknown, label: string): ScenarioPlan | SwitchFault {
  if (body === null || body === undefined) return NO_PLAN;
  const list = Array.isArray(body) ? body : [body];
  let all: Scenario | undefined;
  const byOperation: Partial<Record<OperationId, Scenario>> = {};
  for (const [i, item] of list.entries()) {
    const read = readSwitch(item, Array.isArray(body) ? `scenario ${i + 1}: ` : "");
    if ("fault" in read) return read;
    const { operation, scenario } = read;
    const taken = operation === undefined ? all !== undefined : byOperation[operation] !== undefined;
    if (taken) return { fault: `two scenarios for ${operation ?? "every operation"}: give one per operation and one without operation` };
    if (operation === undefined) all = scenario;
    else byOperation[operation] = scenario;
  }
  const none = (all === undefined || all.applied.length === 0) && Object.values(byOperation).every((s) => s.applied.length === 0);
  if (none) return NO_PLAN;
  return { ...(all === undefined || all.applied.length === 0 ? {} : { all }), byOperation, label, none: false };
}

const describeScenario = (scenario: Scenario): ScenarioSwitch =>
  ({
    ...(scenario.delayMs === undefined ? {} : { delay: scenario.delayMs }),
    ...(scenario.times === undefined ? {} : { times: scenario.times.of }),
    ...(scenario.respond === undefined ? {} : describeCustomAnswer(scenario.respond)),
    ...(scenario.code === undefined ? {} : { code: scenario.code }),
    ...(scenario.empty === true ? { empty: true } : {}),
    ...(scenario.transportFault === undefined ? {} : { fault: scenario.transportFault }),
  }) as ScenarioSwitch;

/** A plan in its wire form: `{}` for none, one switch when it has one, else a list. */
export function describePlan(plan: ScenarioPlan): ScenarioSwitch | ScenarioSwitch[] {
  const switches: ScenarioSwitch[] = [
    ...(plan.all === undefined ? [] : [describeScenario(plan.all)]),
    ...OPERATION_IDS.flatMap((operation) => {
      const scenario = plan.byOperation[operation];
      return scenario === undefined || scenario.applied.length === 0 ? [] : [{ operation, ...describeScenario(scenario) }];
    }),
  ];
  return switches.length === 0 ? {} : switches.length === 1 ? switches[0]! : switches;
}

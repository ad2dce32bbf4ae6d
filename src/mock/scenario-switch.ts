// Scenario switches: the wire form of the scenarios a console, a session or MSW's `handlers.use`
// sets (`{"operation": "listEvaluations", "code": 500}`, `{"delay": 2000}`, `{"fault": "reset"}`),
// one or a list, made into the ScenarioPlan the core applies. Each switch is read with the
// per-request scenario reader (scenarios.ts), so a switch accepts exactly what `Prefer` accepts,
// with the same messages. Browser-safe.
import { isPlainObject } from "../types/json.js";
import { OPERATION_IDS, type OperationId } from "../contract/operations.js";
import { FAULTS, type FaultName } from "./faults.js";
import { NO_PLAN, NO_SCENARIO, readScenario, type Scenario, type ScenarioPlan } from "./scenarios.js";

/** One scenario: for one operation, or (without `operation`) for all. Every key optional. */
export interface ScenarioSwitch {
  /** `listEvaluations`, `listHumanEvaluations` or `getHumanEvaluation`; absent: every operation. */
  operation?: OperationId;
  /** Hold the answer this long (ms, 0 to 120000); with `fault: "dribble"`, the time the body takes. */
  delay?: number;
  /** Answer this status (200 or 400 to 599) with the body the real service gives with it. */
  code?: number;
  /** Lists answer `[]`. */
  empty?: boolean;
  /** A network fault: reset, empty, malformed, hang, dribble or gateway (src/mock/faults.ts). */
  fault?: FaultName;
}

/** What `scenario` takes: one switch, or a list of them (at most one per operation and one for all). */
export type ScenarioSetting = ScenarioSwitch | readonly ScenarioSwitch[];

const KEYS = ["operation", "delay", "code", "empty", "fault"];
const EXAMPLE = `{"operation": "listEvaluations", "code": 500} or {"delay": 250, "empty": true} or {"fault": "reset"}`;

/** One switch's scenario and operation, or what is wrong with it (`where` prefixes the message for lists). */
function readSwitch(body: unknown, where: string): { operation?: OperationId; scenario: Scenario } | { fault: string } {
  if (!isPlainObject(body)) return { fault: `${where}must be a JSON object like ${EXAMPLE}` };
  const unknown = Object.keys(body).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) return { fault: `${where}unknown scenario field "${unknown[0]}" (known: ${KEYS.join(", ")})` };
  const { operation, delay, code, empty, fault } = body;
  if (operation !== undefined && operation !== null && !(OPERATION_IDS as readonly unknown[]).includes(operation))
    return { fault: `${where}operation must be one of ${OPERATION_IDS.join(", ")}, got ${JSON.stringify(operation)}` };
  const prefer: string[] = [];
  for (const [name, value] of [
    ["delay", delay],
    ["code", code],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "number") return { fault: `${where}${name} must be a number, got ${JSON.stringify(value)}` };
    // `code: 200` is "answer normally": no forced code, so it clears the code switch (it is checked all the same).
    if (name === "code" && value === 200) continue;
    prefer.push(`${name}=${value}`);
  }
  if (empty !== undefined && empty !== null && typeof empty !== "boolean")
    return { fault: `${where}empty must be true or false, got ${JSON.stringify(empty)}` };
  if (empty === true) prefer.push("example=empty");
  if (fault !== undefined && fault !== null) {
    if (typeof fault !== "string" || !(FAULTS as readonly string[]).includes(fault))
      return { fault: `${where}unknown fault ${JSON.stringify(fault)} (known: ${FAULTS.join(", ")})` };
    prefer.push(`fault=${fault}`);
  }
  const scenario = prefer.length === 0 ? NO_SCENARIO : readScenario(prefer.join(", "), undefined);
  if ("fault" in scenario) return { fault: `${where}${scenario.fault}` };
  return typeof operation === "string" ? { operation: operation as OperationId, scenario } : { scenario };
}

/**
 * The plan of a scenario setting (`{}`, `null` or `[]`: none), or what is wrong with it. `label`
 * names its source in the log ("console scenario", "session w1").
 */
export function parseScenarioSetting(body: unknown, label: string): ScenarioPlan | { fault: string } {
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

const describeScenario = (scenario: Scenario): ScenarioSwitch => ({
  ...(scenario.delayMs === undefined ? {} : { delay: scenario.delayMs }),
  ...(scenario.code === undefined ? {} : { code: scenario.code }),
  ...(scenario.empty === true ? { empty: true } : {}),
  ...(scenario.transportFault === undefined ? {} : { fault: scenario.transportFault }),
});

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

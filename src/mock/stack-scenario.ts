// Scenarios stacked per operation, as `server.use` stacks handlers: each `handlers.use({ scenario })`
// sets the operations its switches name (a switch without `operation` names all three) and keeps
// the others' as the earlier calls left them. `{ operation, code: 200 }` names its operation too:
// that operation answers normally again. The same naming decides which operations a
// `handlers.override(...)` answers. Browser-safe.
import { OPERATION_IDS, type OperationId } from "../contract/operations.js";
import { NO_PLAN, NO_SCENARIO, scenarioOf, type Scenario, type ScenarioPlan } from "./scenarios.js";
import type { ScenarioSetting } from "./scenario-switch.js";

/** The operations a (checked) scenario setting names: a switch without `operation` names every one. */
export function namedOperations(setting: ScenarioSetting | null | undefined): OperationId[] {
  if (setting === undefined || setting === null) return [...OPERATION_IDS];
  const switches = Array.isArray(setting) ? (setting as ScenarioSetting[]) : [setting];
  const named = new Set<OperationId>();
  for (const item of switches as Array<{ operation?: OperationId | null }>) {
    if (item.operation === undefined || item.operation === null) return [...OPERATION_IDS];
    named.add(item.operation);
  }
  return OPERATION_IDS.filter((operation) => named.has(operation));
}

/**
 * `current` with `plan`'s scenario for each of `named` (NO_SCENARIO when it sets none there), the
 * other operations' kept. Returned as a plan with one scenario per operation (NO_PLAN when none applies).
 */
export function stackScenario(current: ScenarioPlan, plan: ScenarioPlan, named: readonly OperationId[], label: string): ScenarioPlan {
  const byOperation: Partial<Record<OperationId, Scenario>> = {};
  for (const operation of OPERATION_IDS)
    byOperation[operation] = named.includes(operation) ? scenarioOf(plan, operation) : scenarioOf(current, operation);
  const none = Object.values(byOperation).every((scenario) => scenario === NO_SCENARIO || scenario.applied.length === 0);
  return none ? NO_PLAN : { byOperation, label, none: false };
}

// The console's global scenario: what `POST /_mock/api/scenario` sets and the core applies to every
// request that asks for no scenario of its own. The body is read with the per-request scenario
// reader (scenarios.ts), so a switch accepts exactly what `Prefer` accepts, with the same messages.
import { isPlainObject } from "../../types/json.js";
import { NO_SCENARIO, readScenario, type Scenario } from "../scenarios.js";

/** The wire form of a scenario: `{"delay": 250, "code": 503, "empty": true}`, every key optional. */
export interface ScenarioSwitch {
  delay?: number;
  code?: number;
  empty?: boolean;
}

const KEYS = ["delay", "code", "empty"];

/** A body's scenario (`{}` or `null` fields: none), or what is wrong with it. */
export function parseScenarioSwitch(body: unknown): Scenario | { fault: string } {
  if (!isPlainObject(body)) return { fault: `the body must be a JSON object like {"delay": 250, "code": 503, "empty": true}` };
  const unknown = Object.keys(body).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) return { fault: `unknown scenario field "${unknown[0]}" (known: ${KEYS.join(", ")})` };
  const { delay, code, empty } = body;
  const prefer: string[] = [];
  for (const [name, value] of [
    ["delay", delay],
    ["code", code],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "number") return { fault: `${name} must be a number, got ${JSON.stringify(value)}` };
    // `code: 200` is "answer normally": no forced code, so it clears the code switch (it is checked all the same).
    if (name === "code" && value === 200) continue;
    prefer.push(`${name}=${value}`);
  }
  if (empty !== undefined && empty !== null && typeof empty !== "boolean")
    return { fault: `empty must be true or false, got ${JSON.stringify(empty)}` };
  if (empty === true) prefer.push("example=empty");
  return prefer.length === 0 ? NO_SCENARIO : readScenario(prefer.join(", "), undefined);
}

export const describeScenario = (scenario: Scenario): ScenarioSwitch => ({
  ...(scenario.delayMs === undefined ? {} : { delay: scenario.delayMs }),
  ...(scenario.code === undefined ? {} : { code: scenario.code }),
  ...(scenario.empty === true ? { empty: true } : {}),
});

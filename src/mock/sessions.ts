// Sessions, so parallel test workers do not share state: a request with `X-Mock-Session: NAME` (or,
// from a page, the cookie `mock-session=NAME`) sees that session's data and scenarios, set with
// `PUT /_mock/api/sessions/NAME` and removed with `DELETE`. A request without a session, or with a
// session nobody set, sees the default. Browser-safe (the node mock's console drives it).
import { isToolkitError } from "../errors.js";
import { isPlainObject } from "../types/json.js";
import { firstHeader, type RequestHeaders } from "./cors.js";
import { SESSION_HEADER, isSessionName, sessionNameFault } from "./session-name.js";
import type { MockCore } from "./core.js";
import { NO_PLAN, type ScenarioPlan } from "./scenarios.js";
import { describePlan, parseScenarioSetting, type ScenarioSetting, type ScenarioSwitch } from "./scenario-switch.js";
import { namedOperations, stackScenario } from "./stack-scenario.js";

export { SESSION_COOKIE, SESSION_HEADER, isSessionName, sessionNameFault } from "./session-name.js";
/** Sessions kept at once; one more is refused (409) until one is deleted. */
export const MAX_SESSIONS = 256;
/** The sessions' data together, as sent (bytes of JSON); a PUT past it is refused (409) until one is deleted. */
export const MAX_SESSION_DATA_BYTES = 256 * 1024 * 1024;
const COOKIE = /(?:^|;\s*)mock-session=([^;]*)/;

/** The session a request names (header first, then cookie), undefined for none, or what is wrong with the name. */
export function sessionOf(headers: RequestHeaders): string | undefined | { fault: string } {
  const header = firstHeader(headers[SESSION_HEADER]);
  if (header !== undefined) {
    const name = header.trim();
    return isSessionName(name) ? name : { fault: sessionNameFault("X-Mock-Session", name) };
  }
  const cookie = headers.cookie;
  if (cookie === undefined) return undefined;
  const found = COOKIE.exec(Array.isArray(cookie) ? cookie.join("; ") : cookie);
  if (found === null) return undefined;
  const raw = found[1]!.trim();
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw; // broken %-escapes: shown as sent, and refused below
  }
  return isSessionName(name) ? name : { fault: sessionNameFault("the mock-session cookie", name) };
}

export interface Session {
  readonly name: string;
  readonly plan: ScenarioPlan;
  /** The session's own data, if it was given some. */
  readonly core: MockCore | undefined;
}

/** A session in its wire form: its data's summary (null: the default data) and its scenario. */
export interface SessionInfo {
  name: string;
  data: string | null;
  scenario: ScenarioSwitch | ScenarioSwitch[];
}

export const describeSession = (session: Session): SessionInfo => ({
  name: session.name,
  data: session.core?.summary ?? null,
  scenario: describePlan(session.plan),
});

export type SessionPut = { ok: true; session: Session } | { ok: false; status: number; detail: string };
type Refusal = Extract<SessionPut, { ok: false }>;

/**
 * What is wrong with a session body's shape (`{ data?, scenario? }`, the scenario included), if
 * anything, else its scenario plan: checked before its data, on the request thread or on the worker
 * that checks a large body's data (check-session-body.ts).
 */
export function sessionBodyShape(body: unknown): Refusal | { ok: true; plan: ScenarioPlan; data: unknown } {
  if (!isPlainObject(body))
    return { ok: false, status: 400, detail: 'the body must be a JSON object like {"data": {...}, "scenario": {"code": 500}}' };
  const unknown = Object.keys(body).find((key) => key !== "data" && key !== "scenario");
  if (unknown !== undefined)
    return { ok: false, status: 400, detail: `unknown session field ${JSON.stringify(unknown)} (known: data, scenario)` };
  const plan = body.scenario === undefined ? NO_PLAN : parseScenarioSetting(body.scenario, "session scenario");
  if ("fault" in plan) return { ok: false, status: 400, detail: `scenario: ${plan.fault}` };
  return { ok: true, plan, data: body.data };
}

/** The scenario of a body whose shape was checked. */
const scenarioOfBody = (body: unknown): ScenarioSetting => (body as { scenario: ScenarioSetting }).scenario;

export interface Sessions {
  get(name: string): Session | undefined;
  /**
   * Sets a session from a body `{ data?, scenario? }` of `bytes` bytes: checked whole before anything
   * changes. `checked`: the core of its data, already checked and indexed (off the request thread),
   * served instead of checking `body.data` here. `stack` (PATCH) changes only what the body names, as
   * `handlers.use` does: its data if it has some, the scenario of the operations its scenario names;
   * the rest of the session (or the default, for a new one) stays.
   */
  put(name: string, body: unknown, bytes?: number, checked?: MockCore, stack?: boolean): SessionPut;
  /** Whether a body of `bytes` bytes for `name` could be set now (the name, the count and the bytes), before it is read or checked. */
  admits(name: string, bytes: number): Refusal | undefined;
  delete(name: string): boolean;
  list(): Session[];
}

/** `makeCore` serves a session's own data (it checks it: E_DATA_INVALID throws). */
export function createSessions(makeCore: (data: unknown, source: string) => MockCore): Sessions {
  const sessions = new Map<string, Session>();
  const sizes = new Map<string, number>();
  /** The bytes of the body that set each session's data: a PATCH with data replaces only these. */
  const dataSizes = new Map<string, number>();
  let total = 0;
  const admits = (name: string, bytes: number): Refusal | undefined => {
    if (!isSessionName(name)) return { ok: false, status: 400, detail: sessionNameFault("a session name", name) };
    if (!sessions.has(name) && sessions.size >= MAX_SESSIONS)
      return { ok: false, status: 409, detail: `${MAX_SESSIONS} sessions are set already: delete one first (DELETE .../sessions/NAME)` };
    if (total - (sizes.get(name) ?? 0) + bytes > MAX_SESSION_DATA_BYTES)
      return {
        ok: false,
        status: 409,
        detail: `the sessions' data would pass ${MAX_SESSION_DATA_BYTES} bytes together: delete a session first (DELETE .../sessions/NAME)`,
      };
    return undefined;
  };
  return {
    get: (name) => sessions.get(name),
    admits,
    put(name, body, bytes = 0, checked, stack = false) {
      if (!isSessionName(name)) return { ok: false, status: 400, detail: sessionNameFault("a session name", name) };
      const shape = sessionBodyShape(body);
      if (!shape.ok) return shape;
      const before = stack ? sessions.get(name) : undefined;
      const hasData = checked !== undefined || (shape.data !== undefined && shape.data !== null);
      // A stacked change keeps what it does not name, and its bytes: without data, the session's bytes
      // and its own (its scenario is held beside the earlier ones); with data, the earlier scenarios'
      // bytes and its own in place of the data's. Never fewer bytes than the session holds.
      const dataBytes = before === undefined ? bytes : hasData ? bytes : (dataSizes.get(name) ?? 0);
      if (before !== undefined) bytes = (sizes.get(name) ?? 0) - (hasData ? (dataSizes.get(name) ?? 0) : 0) + bytes;
      const refused = admits(name, bytes);
      if (refused !== undefined) return refused;
      let core = checked;
      if (core === undefined && shape.data !== undefined && shape.data !== null)
        try {
          core = makeCore(shape.data, `session ${name} data`);
        } catch (error) {
          if (!isToolkitError(error)) throw error;
          return { ok: false, status: 422, detail: `${error.code} ${error.message}` };
        }
      const session: Session =
        before === undefined
          ? { name, plan: shape.plan, core }
          : {
              name,
              plan:
                (body as { scenario?: unknown }).scenario === undefined
                  ? before.plan
                  : stackScenario(before.plan, shape.plan, namedOperations(scenarioOfBody(body)), "session scenario"),
              core: hasData ? core : before.core,
            };
      sessions.set(name, session);
      total += bytes - (sizes.get(name) ?? 0);
      sizes.set(name, bytes);
      dataSizes.set(name, dataBytes);
      return { ok: true, session };
    },
    delete(name) {
      total -= sizes.get(name) ?? 0;
      sizes.delete(name);
      dataSizes.delete(name);
      return sessions.delete(name);
    },
    list: () => [...sessions.values()],
  };
}

// The MSW handlers' options, checked when the handlers are made: a wrong one is one E_USAGE line naming
// the option, not a bare `TypeError: Invalid URL`, not handlers that silently claim nothing (an
// `origin` of file: or javascript:, which no fetch request has), and not a 500 with a stack trace on
// every request later (a `record` that is no function). Browser-safe: no Node built-in.
import { COMPAT_MODES } from "../contract/error-bodies.js";
import { ToolkitError } from "../errors.js";
import { checkBasePath } from "../mock/core.js";
import { CORS_MODES } from "../mock/cors.js";
import { MAX_DELAY_MS } from "../mock/scenarios.js";

const fault = (option: string, why: string): ToolkitError => new ToolkitError("E_USAGE", `createMswHandlers: ${option} ${why}`);

/** A value as a message shows it: strings quoted, anything else by its type (never a stack of it). */
function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The origin the handlers claim (`http://localhost:3000`), or E_USAGE naming `origin`. */
export function checkOrigin(origin: unknown): string {
  const expected = `must be an http:// or https:// origin such as "http://localhost:3000"`;
  if (typeof origin !== "string") throw fault("origin", `${expected}, got ${shown(origin)}`);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw fault("origin", `${expected}, got ${shown(origin)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw fault("origin", `${expected} (a request to ${url.protocol} never reaches MSW's handlers), got ${shown(origin)}`);
  if (url.username !== "" || url.password !== "") throw fault("origin", `takes no credentials (user:password@), got ${shown(origin)}`);
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "")
    throw fault("origin", `takes no path, query or fragment (a path goes in basePath), got ${shown(origin)}`);
  return url.origin;
}

/** Throws E_USAGE naming the first option that is wrong, before any handler is made. */
export function checkMswOptions(options: unknown): void {
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw new ToolkitError("E_USAGE", `createMswHandlers: the options must be an object, got ${shown(options)}`);
  const o = options as Record<string, unknown>;
  if (o.origin !== undefined) checkOrigin(o.origin);
  for (const name of ["record", "wait"] as const)
    if (o[name] !== undefined && typeof o[name] !== "function")
      throw fault(
        name,
        `must be a function (${name === "record" ? "(observation) => void, e.g. o => lines.push(observationLine(o))" : "(delayMs) => Promise<void>"}), got ${shown(o[name])}`,
      );
  if (o.basePath !== undefined) {
    if (typeof o.basePath !== "string") throw fault("basePath", `must be a string such as "/api", got ${shown(o.basePath)}`);
    const wrong = checkBasePath(o.basePath);
    if (wrong !== undefined) throw fault("basePath", wrong.replace(/^the base path /, ""));
  }
  if (o.compat !== undefined && !(COMPAT_MODES as readonly unknown[]).includes(o.compat))
    throw fault("compat", `must be one of ${COMPAT_MODES.join(", ")}, got ${shown(o.compat)}`);
  if (o.cors !== undefined && !(CORS_MODES as readonly unknown[]).includes(o.cors))
    throw fault("cors", `must be one of ${CORS_MODES.join(", ")}, got ${shown(o.cors)}`);
  if (o.delayMs !== undefined && !(Number.isSafeInteger(o.delayMs) && (o.delayMs as number) >= 0 && (o.delayMs as number) <= MAX_DELAY_MS))
    throw fault("delayMs", `must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}, got ${shown(o.delayMs)}`);
  if (o.source !== undefined && typeof o.source !== "string") throw fault("source", `must be a string, got ${shown(o.source)}`);
}

// The User-Agent the toolkit's own tools send (verify, fuzz, replay, snapshot, Pact's provider
// states, drift loading a document): `evals-contract/0.1.0 (verify)`. The mock reads it to tell their requests from a
// consumer's: `mock --record` and `coverage` count only a consumer's traffic, so a `verify` run
// against the mock is no frontend coverage. Browser-safe.

/** Every tool's User-Agent starts with it. */
export const TOOL_USER_AGENT_PREFIX = "evals-contract/";

/** The tools that send requests of their own. */
export type RequestingTool = "verify" | "fuzz" | "replay" | "snapshot" | "pact" | "drift";

/** The User-Agent `tool` sends, e.g. `evals-contract/0.1.0 (fuzz)`. */
export const toolUserAgent = (tool: RequestingTool, version: string): string => `${TOOL_USER_AGENT_PREFIX}${version} (${tool})`;

/** Whether a request's User-Agent (a header value, or several) is one of the toolkit's tools'. */
export function isToolRequest(userAgent: string | readonly string[] | undefined): boolean {
  const value = Array.isArray(userAgent) ? userAgent[0] : userAgent;
  return typeof value === "string" && value.trimStart().toLowerCase().startsWith(TOOL_USER_AGENT_PREFIX);
}

// The run settings every provider tool shares: which era of the service the verdict follows.

/**
 * `current`: a 5xx on any request is an error (a server error is a defect). `legacy`: the spec-era
 * service's own 500s (an unknown or malformed human evaluation id, a malformed app_id, an unknown app on
 * `/evaluations`) are warnings, only as that service sent them (checks/legacy-answer.ts).
 */
export const COMPATS = ["current", "legacy"] as const;
export type Compat = (typeof COMPATS)[number];

/** How long one request may take, and how many run at once, for every tool that reads a provider (verify, snapshot). */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 8;

// Durations on the command line: `30s`, `2m`, `1500ms`, or a bare number of seconds.
import { ToolkitError } from "../errors.js";

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000 };

/** Milliseconds from `raw` within [minMs, maxMs], or a usage error naming `--name`. */
export function parseDuration(name: string, raw: string, minMs: number, maxMs: number): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(raw.trim());
  const ms = match ? Math.round(Number(match[1]) * UNITS[match[2] ?? "s"]!) : Number.NaN;
  if (!(ms >= minMs && ms <= maxMs))
    throw new ToolkitError(
      "E_USAGE",
      `--${name} must be a duration from ${minMs / 1000}s to ${maxMs / 1000}s (e.g. 30s, 2m, 1500ms), got "${raw}"`,
    );
  return ms;
}

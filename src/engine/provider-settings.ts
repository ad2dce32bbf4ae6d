// The settings of one provider run, the same for verify, fuzz, replay and snapshot: base URL, headers,
// timeout, concurrency, byte cap, compat and strict, every default and bound here and checked once
// (resolveProviderSettings). A tool adds its own options (seed, shard, app id) on top.
import { ToolkitError } from "../errors.js";
import { normalizeHttpUrl } from "../io/base-url.js";
import { providerHeaders, type HeadersInput } from "./provider-headers.js";

/**
 * `current`: a 5xx on any request is an error (a server error is a defect). `legacy`: the spec-era
 * service's own 500s (an unknown or malformed human evaluation id, a malformed app_id, an unknown app on
 * `/evaluations`) are warnings, only as that service sent them (checks/legacy-answer.ts).
 */
export const COMPATS = ["current", "legacy"] as const;
export type Compat = (typeof COMPATS)[number];

/** How long one request may wait without progress (no answer, or no byte of its body). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** How many requests are in flight at once. */
export const DEFAULT_CONCURRENCY = 8;
/** The default cap of a provider response body, counted after decompression: far above any real list, far below the heap. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The bounds of the numeric settings, and the CLI option that sets each (what an error line names). */
export const PROVIDER_BOUNDS = {
  timeoutMs: { option: "--timeout", min: 1, max: 600_000 },
  // One range for every tool: fuzz took 256 before verify and snapshot (64) did.
  concurrency: { option: "--concurrency", min: 1, max: 256 },
  maxResponseBytes: { option: "--max-response-bytes", min: 1, max: 2 ** 31 },
} as const;

/** What a caller gives: only the base URL is required. */
export interface ProviderSettingsOptions {
  /** The provider's base URL, path prefix included (`https://host/api`, trailing slash or not). */
  baseUrl: string;
  /** Headers sent with every request (credentials: never shown). */
  headers?: HeadersInput;
  /** Most time one request may wait without progress, in ms (default 10 000). */
  timeoutMs?: number;
  /** Most requests in flight at once (default 8). */
  concurrency?: number;
  /** Most bytes of one response body, counted after decompression (default 64 MiB). */
  maxResponseBytes?: number;
  /** Which era of the service the verdict follows (default `current`). */
  compat?: Compat;
  /** Warnings count as errors. */
  strict?: boolean;
}

/** The settings checked, every default filled in. */
export interface ProviderSettings {
  /** Normalised; credentials kept (the client sends them; reports redact them). */
  baseUrl: string;
  /** Lower-cased names, in the order given. */
  headers: Array<[string, string]>;
  timeoutMs: number;
  concurrency: number;
  maxResponseBytes: number;
  compat: Compat;
  strict: boolean;
}

/** `value` (or `fallback` when not given) if it is a whole number within `bound`; else E_USAGE naming its option. */
export function boundedInteger(value: number | undefined, fallback: number, bound: { option: string; min: number; max: number }): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < bound.min || value > bound.max)
    throw new ToolkitError("E_USAGE", `${bound.option} must be a whole number from ${bound.min} to ${bound.max}, got ${String(value)}`);
  return value;
}

/**
 * `options` checked and defaulted, or E_USAGE naming the first bad one. `baseUrlName`: how an error
 * line names the base URL (`--base-url`, or `the base URL` for verify's library callers).
 */
export function resolveProviderSettings(options: ProviderSettingsOptions, baseUrlName = "--base-url"): ProviderSettings {
  const baseUrl = normalizeHttpUrl(options.baseUrl, baseUrlName);
  const compat = options.compat ?? "current";
  if (!COMPATS.includes(compat))
    throw new ToolkitError("E_USAGE", `--compat must be one of ${COMPATS.join(", ")}, got ${JSON.stringify(compat)}`);
  return {
    baseUrl,
    headers: providerHeaders(options.headers),
    timeoutMs: boundedInteger(options.timeoutMs, DEFAULT_TIMEOUT_MS, PROVIDER_BOUNDS.timeoutMs),
    concurrency: boundedInteger(options.concurrency, DEFAULT_CONCURRENCY, PROVIDER_BOUNDS.concurrency),
    maxResponseBytes: boundedInteger(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, PROVIDER_BOUNDS.maxResponseBytes),
    compat,
    strict: options.strict === true,
  };
}

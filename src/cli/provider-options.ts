// The options of every command that reads a provider (verify, fuzz and its --replay, snapshot):
// --base-url, --header, --timeout, --concurrency and --max-response-bytes, and --strict and --compat
// for those that judge it. Parsed here once, bounded by the engine's PROVIDER_BOUNDS; the engine
// fills in the defaults (src/engine/provider-settings.ts).
import { ToolkitError } from "../errors.js";
import { COMPATS, PROVIDER_BOUNDS, type ProviderSettingsOptions } from "../verify/index.js";
import { choiceOption, intOption, stringOption, type ParsedArgs } from "./args.js";
import { parseHeaders } from "./header-option.js";

/** The options that say where the provider is and how to talk to it. */
export const PROVIDER_OPTIONS = {
  "base-url": { type: "string" },
  header: { type: "string", multiple: true },
  timeout: { type: "string" },
  concurrency: { type: "string" },
  "max-response-bytes": { type: "string" },
} as const;

/** The options that say how the answers are judged. */
export const VERDICT_OPTIONS = {
  strict: { type: "boolean" },
  compat: { type: "string" },
} as const;

/** The names of PROVIDER_OPTIONS but --base-url: what only a provider run takes. */
export const PROVIDER_ONLY = ["header", "timeout", "concurrency", "max-response-bytes"] as const;

/** The run's settings as given on the command line (only those given; the engine defaults the rest). */
export function readProviderOptions(values: ParsedArgs["values"]): Partial<ProviderSettingsOptions> {
  const int = (name: string, bound: { min: number; max: number }): number | undefined =>
    values[name] === undefined ? undefined : intOption(values, name, bound.min, bound.min, bound.max);
  const entries: Array<[keyof ProviderSettingsOptions, unknown]> = [
    ["baseUrl", stringOption(values, "base-url")],
    // parseArgs gives an array for a `multiple` option; ParsedArgs does not type that case.
    ["headers", values.header === undefined ? undefined : parseHeaders(values.header as unknown as string[])],
    ["timeoutMs", int("timeout", PROVIDER_BOUNDS.timeoutMs)],
    ["concurrency", int("concurrency", PROVIDER_BOUNDS.concurrency)],
    ["maxResponseBytes", int("max-response-bytes", PROVIDER_BOUNDS.maxResponseBytes)],
    ["compat", choiceOption(values, "compat", COMPATS)],
    ["strict", values.strict === true ? true : undefined],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as Partial<ProviderSettingsOptions>;
}

/** --base-url, or the one line saying it is required. */
export function requireBaseUrl(options: Partial<ProviderSettingsOptions>): string {
  if (options.baseUrl === undefined)
    throw new ToolkitError("E_USAGE", "--base-url is required (the provider's base URL, e.g. http://localhost:8000/api)");
  return options.baseUrl;
}

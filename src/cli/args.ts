// Argument parsing for every command (node:util parseArgs), with usage faults as ToolkitErrors.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ToolkitError } from "../errors.js";
import { didYouMean } from "./did-you-mean.js";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

const NEGATIVE_NUMBER = /^-\d/;

/**
 * `--seed -1` as `--seed=-1`: parseArgs reads a value starting with a dash as an option and fails
 * with its own text; joined, the value reaches the option's check and its one-line error.
 */
function joinNegativeValues(args: readonly string[], options: OptionSpec): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      joined.push(...args.slice(i));
      break;
    }
    const next = args[i + 1];
    const name = arg.startsWith("--") ? arg.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === "string" && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/** Parses `args` against `options` (always with --help); unknown options are a usage error. */
export function parseCommandArgs(args: readonly string[], options: OptionSpec): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: joinNegativeValues(args, options),
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as ParsedArgs["values"], positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(error instanceof Error ? error.message : "");
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && unknown) {
      const typed = unknown[1]!;
      const names = [...Object.keys(options), "help"].map((name) => `--${name}`);
      const guess = didYouMean(typed.split("=")[0]!, names);
      throw new UnknownOptionError(`unknown option ${typed}${guess === undefined ? "" : ` (did you mean ${guess}?)`}`);
    }
    // Node's message spans lines (e.g. "argument is ambiguous", then how to pass "--seed=-1"): keep
    // its hints on one line, but drop the one about positionals, which no command here uses that way.
    const lines = (error instanceof Error ? error.message : String(error)).split("\n").map((l) => l.trim());
    const message = lines.filter((l) => l !== "").join(" ");
    throw new ToolkitError("E_USAGE", message.replace(/\s*To specify a positional argument.*$/, ""));
  }
}

/** An option the command does not know (E_USAGE): the CLI adds the command's usage line to its message. */
export class UnknownOptionError extends ToolkitError {
  constructor(message: string) {
    super("E_USAGE", message);
  }
}

// Numbers on the command line are plain decimals: Number() alone would also take `0x32` (50), `0b1`,
// `0o7`, `1e2`, `Infinity` and "" (0), none of which a user means as a count, a port or a percentage.
const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** `raw` as a plain decimal number (an optional sign, digits, an optional fraction), or NaN. */
export function decimalNumber(raw: string, integer = false): number {
  const text = raw.trim();
  return (integer ? DECIMAL_INTEGER : DECIMAL_NUMBER).test(text) ? Number(text) : Number.NaN;
}

/** An integer option within bounds, or a usage error naming the option. */
export function intOption(values: ParsedArgs["values"], name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = typeof raw === "string" ? decimalNumber(raw, true) : Number.NaN;
  if (!(value >= min && value <= max))
    throw new ToolkitError("E_USAGE", `--${name} must be an integer from ${min} to ${max}, got "${String(raw)}"`);
  return value;
}

export const stringOption = (values: ParsedArgs["values"], name: string): string | undefined => {
  const raw = values[name];
  return typeof raw === "string" ? raw : undefined;
};

/** One of `allowed`, or undefined when the option is absent; any other value is a usage error naming the choices. */
export function choiceOption<T extends string>(values: ParsedArgs["values"], name: string, allowed: readonly T[]): T | undefined {
  const raw = stringOption(values, name);
  if (raw !== undefined && !(allowed as readonly string[]).includes(raw))
    throw new ToolkitError("E_USAGE", `--${name} must be one of ${allowed.join(", ")}, got "${raw}"`);
  return raw as T | undefined;
}

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/i;

/** An instant (ISO 8601 with `Z` or an offset, so it means one moment everywhere) in epoch ms, or a usage error naming the option. */
export function instantOption(values: ParsedArgs["values"], name: string): number | undefined {
  const raw = stringOption(values, name);
  if (raw === undefined) return undefined;
  const ms = INSTANT.test(raw) ? Date.parse(raw) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new ToolkitError(
      "E_USAGE",
      `--${name} must be an ISO 8601 instant with Z or an offset (e.g. 2026-11-25T12:00:00Z), got "${raw}"`,
    );
  return ms;
}

/** Commands take no positional arguments beyond their own: the first extra one is a usage error. */
export function rejectPositionals(positionals: readonly string[], hint = "see --help"): void {
  if (positionals.length > 0) throw new ToolkitError("E_USAGE", `unexpected argument "${positionals[0]}" (${hint})`);
}

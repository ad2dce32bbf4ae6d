// The headers a run sends with every request (`--header`, credentials among them), checked once for
// every provider tool: a name HTTP takes, a value that can go on the wire, or one E_USAGE line.
import { ToolkitError } from "../errors.js";

/** `headers` as the lower-cased pairs the engine's client sends, or E_USAGE naming the bad one. */
export function providerHeaders(headers: Readonly<Record<string, string>> | undefined): Array<[string, string]> {
  const pairs = Object.entries(headers ?? {}).map(([name, value]): [string, string] => [name.toLowerCase(), value]);
  for (const [name, value] of pairs)
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name) || typeof value !== "string" || /[^\t\x20-\x7e\x80-\xff]/u.test(value))
      throw new ToolkitError(
        "E_USAGE",
        `--header ${JSON.stringify(name)}: not a valid HTTP header (a value takes tab, printable ASCII and Latin-1 only)`,
      );
  return pairs;
}

// The headers a run sends with every request (`--header`, credentials among them), checked once for
// every provider tool: a name HTTP takes, a value that can go on the wire, or one E_USAGE line.
import { ToolkitError } from "../errors.js";

/** Headers as a record (`{ "X-Api-Key": "..." }`) or as pairs (`[["x-api-key", "..."]]`). */
export type HeadersInput = Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>;

/** `headers` as the lower-cased pairs the engine's client sends, or E_USAGE naming the bad one. */
export function providerHeaders(headers: HeadersInput | undefined): Array<[string, string]> {
  const given = Array.isArray(headers) ? (headers as ReadonlyArray<readonly [string, string]>) : Object.entries(headers ?? {});
  const pairs = given.map(([name, value]): [string, string] => [String(name).toLowerCase(), value]);
  for (const [name, value] of pairs)
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name) || typeof value !== "string" || /[^\t\x20-\x7e\x80-\xff]/u.test(value))
      throw new ToolkitError(
        "E_USAGE",
        `--header ${JSON.stringify(name)}: not a valid HTTP header (a value takes tab, printable ASCII and Latin-1 only)`,
      );
  return pairs;
}

// `--header "Name: value"` (repeatable), the one parser of every command that talks to a provider
// (fuzz, snapshot): a name HTTP takes, a value that can go on the wire, or one E_USAGE line.
import { ToolkitError } from "../errors.js";

/**
 * Why a header value cannot go on the wire, or undefined: HTTP takes tab, visible ASCII, space and the
 * Latin-1 range (RFC 9110 field-vchar and obs-text), as Node checks before sending.
 */
export function badHeaderCharacter(value: string): string | undefined {
  const match = /[^\t\x20-\x7e\x80-\xff]/u.exec(value);
  if (match === null) return undefined;
  const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  return `the value has U+${code}, which no HTTP header can carry (only tab, printable ASCII and Latin-1)`;
}

/** `Name: value` headers as a record, or a usage error naming the bad one. */
export function parseHeaders(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw) {
    const colon = line.indexOf(":");
    const name = colon === -1 ? "" : line.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n\0]/.test(line))
      throw new ToolkitError(
        "E_USAGE",
        `--header must be "Name: value", got ${JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}...` : line)}`,
      );
    const value = line.slice(colon + 1).trim();
    const bad = badHeaderCharacter(value);
    if (bad !== undefined) throw new ToolkitError("E_USAGE", `--header ${name}: ${bad}`);
    headers[name] = value;
  }
  return headers;
}

// A failure's reproducer: one `curl` command that sends the request exactly as the fuzzer did
// (`--globoff` keeps `[]` and `{}` literal, `--path-as-is` keeps `..`), every part shell-quoted, with
// credentials redacted: a base URL's user and password, and the values of headers that carry secrets.
// A part with anything but printable ASCII (a tab in a header value, an ESC, Latin-1) is ANSI-C
// quoted (`$'a\tb'`, bash, zsh and ksh), each such byte spelled `\xHH`: the line holds no control
// character, so the terminal prints it as it is and it runs as printed, sending the same bytes.
import { REDACTED } from "../io/redact.js";
import { targetOf } from "./plan.js";
import type { FuzzRequest } from "./types.js";

const encoder = new TextEncoder();

/**
 * Quoted for the shell: bare when plain, in single quotes (a `'` inside closed, escaped and reopened)
 * when printable ASCII, otherwise ANSI-C quoted with every other character as the bytes it goes on the
 * wire as: `latin1` for the request line and headers (one byte per character up to U+00FF, as node's
 * `http` writes them), `utf8` for a body.
 */
export function shellQuote(text: string, bytes: "latin1" | "utf8" = "utf8"): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  if (/^[\x20-\x7e]*$/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  let quoted = "$'";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === "\\" || char === "'") quoted += `\\${char}`;
    else if (code >= 0x20 && code <= 0x7e) quoted += char;
    else
      for (const byte of bytes === "latin1" && code <= 0xff ? [code] : encoder.encode(char))
        quoted += `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return `${quoted}'`;
}

/** Header names whose values are secrets. */
const SECRET_HEADER = /^(?:authorization|proxy-authorization|cookie|x-api-key|api-key)$|token|secret|password|key/i;

export function redactHeader(name: string, value: string): string {
  return SECRET_HEADER.test(name) ? REDACTED : value;
}

/** The base URL with its user and password redacted. */
function publicBase(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.username === "" && url.password === "") return baseUrl;
  return `${url.protocol}//${REDACTED}@${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

/** `curl ...` for `request` against `baseUrl`; `headers` are the run's own (`--header`), sent first. */
export function curlCommand(
  baseUrl: string,
  request: Pick<FuzzRequest, "method" | "path" | "query" | "headers" | "body">,
  headers: ReadonlyArray<readonly [string, string]> = [],
): string {
  const parts = ["curl", "--globoff", "--path-as-is", "-sS", "-i"];
  if (request.method === "HEAD") parts.push("--head");
  else if (request.method !== "GET") parts.push("-X", shellQuote(request.method));
  const all = [...headers, ...request.headers];
  for (const [name, value] of all) parts.push("-H", shellQuote(`${name}: ${redactHeader(name, value)}`, "latin1"));
  // curl sends `Accept: */*` of its own; the fuzzer sent none.
  if (!all.some(([name]) => name.toLowerCase() === "accept")) parts.push("-H", shellQuote("Accept:"));
  if (request.body !== undefined) parts.push("--data-binary", shellQuote(request.body));
  // The fuzzer's client frames a body-less POST, PUT or PATCH with a length of 0 (src/engine/http-client.ts); curl sends none.
  else if (["POST", "PUT", "PATCH"].includes(request.method) && !all.some(([name]) => name === "content-length"))
    parts.push("-H", shellQuote("content-length: 0"));
  parts.push(shellQuote(`${publicBase(baseUrl)}${targetOf(request)}`, "latin1"));
  return parts.join(" ");
}

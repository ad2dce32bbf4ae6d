// A failure's reproducer: one `curl` command that sends the request exactly as the fuzzer did
// (`--globoff` keeps `[]` and `{}` literal, `--path-as-is` keeps `..`), every part shell-quoted, with
// credentials redacted: a base URL's user and password, and the values of headers that carry secrets.
import { REDACTED } from "../io/redact.js";
import { targetOf } from "./plan.js";
import type { FuzzRequest } from "./types.js";

/** Quoted for a POSIX shell: single quotes, a `'` inside closed, escaped and reopened. */
export const shellQuote = (text: string): string => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

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
  for (const [name, value] of all) parts.push("-H", shellQuote(`${name}: ${redactHeader(name, value)}`));
  // curl sends `Accept: */*` of its own; the fuzzer sent none.
  if (!all.some(([name]) => name.toLowerCase() === "accept")) parts.push("-H", shellQuote("Accept:"));
  if (request.body !== undefined) parts.push("--data-binary", shellQuote(request.body));
  parts.push(shellQuote(`${publicBase(baseUrl)}${targetOf(request)}`));
  return parts.join(" ");
}

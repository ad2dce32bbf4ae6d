// The provider's base URL: validated once, normalised without a trailing slash, so that a path
// prefix (`https://host/api`, `https://host/api/`) is kept and every request path is appended to it.
import { ToolkitError } from "../errors.js";
import { redactUrlSecrets } from "./redact.js";

/**
 * An http(s) URL without query, fragment or trailing slash; a usage error naming `option` otherwise.
 * Credentials (`https://user:pass@host/api`) are kept: the engine's client sends them as basic
 * auth. Every line that shows the URL redacts them (redactUrlSecrets), this function's errors too.
 */
export function normalizeHttpUrl(raw: string, option: string): string {
  const shown = JSON.stringify(redactUrlSecrets(raw));
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolkitError("E_USAGE", `${option} must be an http(s) URL, got ${shown}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ToolkitError("E_USAGE", `${option} must be an http(s) URL, got ${shown}`);
  if (url.search !== "" || url.hash !== "")
    throw new ToolkitError(
      "E_USAGE",
      `${option} must not carry a query or fragment (a secret belongs in a header: --header), got ${shown}`,
    );
  const credentials = url.username === "" ? "" : `${url.username}${url.password === "" ? "" : `:${url.password}`}@`;
  return `${url.protocol}//${credentials}${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

/** The URL without its credentials (for a tool that cannot take them, such as Pact's verifier). */
export function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  return parsed.username === "" ? url : `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}

/** `base` + `pathAndQuery` (which starts with `/`): the prefix of the base URL is kept. */
export const resolveUrl = (base: string, pathAndQuery: string): string => `${base}${pathAndQuery}`;

// The provider's base URL: validated once, normalised without a trailing slash, so that a path
// prefix (`https://host/api`, `https://host/api/`) is kept and every request path is appended to it.
import { ToolkitError } from "../errors.js";

/** An http(s) URL without query, fragment or trailing slash; a usage error naming `option` otherwise. */
export function normalizeHttpUrl(raw: string, option: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolkitError("E_USAGE", `${option} must be an http(s) URL, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ToolkitError("E_USAGE", `${option} must be an http(s) URL, got ${JSON.stringify(raw)}`);
  if (url.search !== "" || url.hash !== "")
    throw new ToolkitError("E_USAGE", `${option} must not carry a query or fragment, got ${JSON.stringify(raw)}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** `base` + `pathAndQuery` (which starts with `/`): the prefix of the base URL is kept. */
export const resolveUrl = (base: string, pathAndQuery: string): string => `${base}${pathAndQuery}`;

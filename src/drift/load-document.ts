// Reads a provider's OpenAPI document from a file or an http(s) URL (on the engine's one HTTP client),
// as JSON or YAML. A document that cannot be had, or is not OpenAPI 3, is a ToolkitError (exit 2),
// never a drift.
import { readFile } from "node:fs/promises";
import { parse as parseYaml } from "yaml";
import { ToolkitError } from "../errors.js";
import { isPlainObject } from "../types/json.js";
import { exceedsJsonDepth, tooDeepMessage } from "../io/json-depth.js";
import { createHttpClient, DEFAULT_MAX_RESPONSE_BYTES } from "../engine/index.js";
import { redactUrlSecrets } from "../io/redact.js";
import type { Json } from "./normalize.js";

export interface LoadOptions {
  /** Give up on a URL after this long (default 15 s). */
  timeoutMs?: number;
  /** Most bytes of the document read from a URL, counted after decompression (default 64 MiB, as verify). */
  maxResponseBytes?: number;
}

function parseDocument(text: string, source: string): Json {
  let value: unknown;
  try {
    value = /^\s*[{[]/.test(text) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new ToolkitError("E_OPENAPI_INVALID", `${source} is neither JSON nor YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  // Every walk of the document (normalize, compare, describe) recurses: refuse what would overflow it.
  if (exceedsJsonDepth(value)) throw new ToolkitError("E_JSON_TOO_DEEP", tooDeepMessage(source));
  if (!isPlainObject(value) || typeof value.openapi !== "string" || !/^3\.[01]\./.test(value.openapi))
    throw new ToolkitError(
      "E_OPENAPI_INVALID",
      `${source} is not an OpenAPI 3.0 or 3.1 document (${isPlainObject(value) && typeof value.swagger === "string" ? `Swagger ${value.swagger}` : 'no "openapi": "3.x" field'})`,
    );
  if (!isPlainObject(value.paths)) throw new ToolkitError("E_OPENAPI_INVALID", `${source} has no "paths" object`);
  return value;
}

/** Gives up on a URL after this long in all (a document dripped a byte at a time included). */
export const DRIFT_TIMEOUT_MS = 15_000;

/**
 * The document's text at an http(s) URL, on the engine's one client (src/engine/http-client.ts): the
 * toolkit's User-Agent, the URL's credentials as Basic auth, same-origin redirects followed, the body
 * capped after decompression; the whole exchange within `timeoutMs`.
 */
async function fetchDocument(source: string, options: LoadOptions): Promise<string> {
  const shown = redactUrlSecrets(source);
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new ToolkitError("E_PROVIDER_UNREACHABLE", `cannot fetch ${shown} (not a URL)`);
  }
  const timeoutMs = options.timeoutMs ?? DRIFT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const origin = new URL(url.href);
  origin.pathname = "/";
  origin.search = "";
  origin.hash = "";
  const client = createHttpClient({
    baseUrl: origin.href.replace(/\/$/, ""),
    // The client's own timeout is a time without progress; the overall one is the timer below.
    timeoutMs,
    maxResponseBytes: maxBytes,
    maxSockets: 1,
    followRedirects: true,
    tool: "drift",
  });
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    client.close();
  }, timeoutMs);
  try {
    const outcome = await client.send({
      method: "GET",
      target: `${url.pathname}${url.search}`,
      headers: [["accept", "application/json, application/yaml;q=0.9, */*;q=0.1"]],
    });
    if (late) throw new ToolkitError("E_PROVIDER_UNREACHABLE", `cannot fetch ${shown} (no complete answer within ${timeoutMs} ms)`);
    if ("fault" in outcome) {
      if (outcome.fault.kind === "decoding") throw new ToolkitError("E_OPENAPI_INVALID", `${shown}: ${outcome.fault.message}`);
      throw new ToolkitError("E_PROVIDER_UNREACHABLE", redactUrlSecrets(`cannot fetch ${shown} (${outcome.fault.message})`));
    }
    const { answer } = outcome;
    if (answer.status < 200 || answer.status > 299) throw new ToolkitError("E_PROVIDER_UNREACHABLE", `${shown} answered ${answer.status}`);
    // The same cap as verify's: an endless body or a gzip bomb stops there, memory bounded by it.
    if (answer.tooLarge === true)
      throw new ToolkitError(
        "E_OPENAPI_INVALID",
        `${shown} is larger than ${maxBytes.toLocaleString("en-US")} bytes (counted after decompression): not read further`,
      );
    return answer.text;
  } finally {
    clearTimeout(timer);
    client.close();
  }
}

/** The parsed document at `source` (a path, or an http:// or https:// URL). */
export async function loadOpenApiDocument(source: string, options: LoadOptions = {}): Promise<Json> {
  if (/^https?:\/\//i.test(source)) return parseDocument(await fetchDocument(source, options), source);
  let text: string;
  try {
    text = await readFile(source, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ToolkitError(
      code === "ENOENT" ? "E_FILE_NOT_FOUND" : "E_FILE_UNREADABLE",
      `${code === "ENOENT" ? "file not found" : "cannot read"}: ${source}`,
    );
  }
  return parseDocument(text, source);
}

// Reads a provider's OpenAPI document from a file or an http(s) URL, as JSON or YAML. A document
// that cannot be had, or is not OpenAPI 3, is a ToolkitError (exit 2), never a drift.
import { readFile } from "node:fs/promises";
import { parse as parseYaml } from "yaml";
import { ToolkitError } from "../errors.js";
import { isPlainObject } from "../types/json.js";
import { exceedsJsonDepth, tooDeepMessage } from "../io/json-depth.js";
import { readCappedBody } from "../io/read-body.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../engine/provider-settings.js";
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

/** The parsed document at `source` (a path, or an http:// or https:// URL). */
export async function loadOpenApiDocument(source: string, options: LoadOptions = {}): Promise<Json> {
  if (/^https?:\/\//i.test(source)) {
    let text: string;
    try {
      const signal = AbortSignal.timeout(options.timeoutMs ?? 15_000);
      const response = await fetch(source, { signal, headers: { accept: "application/json, application/yaml;q=0.9, */*;q=0.1" } });
      if (!response.ok) {
        await response.body?.cancel();
        throw new ToolkitError("E_PROVIDER_UNREACHABLE", `${redactUrlSecrets(source)} answered ${response.status}`);
      }
      // The same cap as verify's: an endless body or a gzip bomb stops there, memory bounded by it.
      const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
      const body = await readCappedBody(response, maxBytes, signal);
      if ("tooLarge" in body)
        throw new ToolkitError(
          "E_OPENAPI_INVALID",
          `${redactUrlSecrets(source)} is larger than ${maxBytes.toLocaleString("en-US")} bytes (counted after decompression): not read further`,
        );
      if ("undecodable" in body) throw new ToolkitError("E_OPENAPI_INVALID", `${redactUrlSecrets(source)}: ${body.undecodable}`);
      text = body.text;
    } catch (error) {
      if (error instanceof ToolkitError) throw error;
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new ToolkitError("E_PROVIDER_UNREACHABLE", `cannot fetch ${redactUrlSecrets(source)} (${cause})`);
    }
    return parseDocument(text, source);
  }
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

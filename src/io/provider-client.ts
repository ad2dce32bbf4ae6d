// GET requests to the provider under verification: global fetch with a timeout, a concurrency cap,
// one request per distinct URL (checks share responses), and every network failure mapped to one
// clear E_PROVIDER_UNREACHABLE line. Redirects are followed here, not by fetch, so that each one is
// seen and reported: same-origin ones (FastAPI's 307 between `/path` and `/path/`) are followed, at
// most MAX_REDIRECTS in a row; one to another origin is not (a client's credentials would go there).
import { ToolkitError } from "../errors.js";
import { resolveUrl } from "./base-url.js";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth.js";
import { createLimiter } from "./limiter.js";
import { DEFAULT_MAX_RESPONSE_BYTES, readCappedBody } from "./read-body.js";
import { redactUrlSecrets } from "./redact.js";
import { jsonTextIssues, type JsonTextIssue } from "./json-text-issues.js";

/** One redirect met on the way to a response: absolute URLs, and whether it was followed. */
export interface Redirect {
  status: number;
  from: string;
  to: string;
  followed: boolean;
  /** Why it was not followed. */
  stop?: "cross-origin" | "too-many" | "credentials";
}

export interface ProviderResponse {
  /** `GET /evaluations?app_id=...`, relative to the base URL (how findings name their request). */
  request: string;
  /** The redirects met, in order (absent when none); the response is the last hop's. */
  redirects?: Redirect[];
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; `undefined` when the body is not JSON (`parsed` is false). */
  json: unknown;
  parsed: boolean;
  /**
   * Why the body was not read or not parsed: past the byte cap (`response-too-large`), nested past
   * MAX_JSON_DEPTH (`max-depth`), or not decoded by its Content-Encoding (`content-encoding`). `text` is then empty or unparsed and `parsed` false; the
   * conformance check reports it as an error finding.
   */
  fault?: { rule: "response-too-large" | "max-depth" | "content-encoding"; message: string };
  /** What JSON.parse hid in a parsed body: keys twice in one object, numbers out of range (the first 100, and how many more). */
  textIssues?: { issues: JsonTextIssue[]; more: number };
}

export interface ProviderClient {
  readonly baseUrl: string;
  /** `path` starts with `/` and may end with one; `query` values are URL-encoded here. */
  get(path: string, query?: Readonly<Record<string, string>>): Promise<ProviderResponse>;
  /** How many HTTP requests went out so far (each redirect hop counts). */
  readonly requestCount: number;
  /** The responses so far that met a redirect, in the order they arrived. */
  readonly redirected: readonly ProviderResponse[];
  /** Every response so far, in the order it arrived (what coverage observes of the provider). */
  readonly answered: readonly ProviderResponse[];
}

export interface ProviderClientOptions {
  baseUrl: string;
  timeoutMs: number;
  concurrency: number;
  /** Most bytes of one response body, counted after decompression (default 64 MiB). */
  maxResponseBytes?: number;
}

const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === "string") return own;
  // `localhost` may resolve to both ::1 and 127.0.0.1: undici then reports an AggregateError.
  const inner = (error as { errors?: unknown[] }).errors;
  return Array.isArray(inner) ? errorCode(inner[0]) : undefined;
};

/** Why a fetch to `url` failed, in a few words. */
export function describeNetworkError(error: unknown, url: string, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? error.cause : undefined;
  const code = errorCode(cause) ?? errorCode(error);
  const host = new URL(url).host;
  switch (code) {
    case "ECONNREFUSED":
      return `connection refused by ${host}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `host ${new URL(url).hostname} not found (DNS)`;
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return `connection to ${host} closed before an answer`;
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
      return `connection to ${host} timed out`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${host} is unreachable`;
    case "ERR_SSL_WRONG_VERSION_NUMBER":
      return `no TLS at ${host} (is it http:// rather than https://?)`;
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "SELF_SIGNED_CERT_IN_CHAIN":
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "UNABLE_TO_GET_ISSUER_CERT_LOCALLY":
      return `the TLS certificate of ${host} is not trusted (${code}; add its CA with NODE_EXTRA_CA_CERTS)`;
    case "CERT_HAS_EXPIRED":
    case "ERR_TLS_CERT_ALTNAME_INVALID":
      return `the TLS certificate of ${host} is not valid (${code})`;
  }
  // OpenSSL messages end in a newline: the error stays one line.
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim();
}

/** Redirects followed in a row before giving up (a loop, or a chain no client should need). */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Where a redirect response points (absolute), or undefined when it is none or names no valid URL. */
function redirectTarget(response: Response, from: string): string | undefined {
  const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
  if (location === null) return undefined;
  try {
    return new URL(location, from).href;
  } catch {
    return undefined;
  }
}

/** A connection the server closed while it sat idle in the pool: the request never reached it. */
function isStaleConnection(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return false;
  const cause = error instanceof Error ? error.cause : undefined;
  const code = errorCode(cause) ?? errorCode(error);
  return code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET" || code === "UND_ERR_CLOSED";
}

/**
 * One GET, retried once on a new connection when it met a kept-alive connection the server had
 * closed while idle (uvicorn's and Node's 5 s keep-alive): as undici's own retry and browsers do for
 * idempotent requests. A second failure is the caller's error.
 */
async function fetchRetryingStale(url: string, signal: AbortSignal): Promise<Response> {
  const init: RequestInit = { headers: { accept: "application/json" }, signal, redirect: "manual" };
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!isStaleConnection(error, signal)) throw error;
    return fetch(url, init);
  }
}

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const limit = createLimiter(options.concurrency);
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const cache = new Map<string, Promise<ProviderResponse>>();
  const redirected: ProviderResponse[] = [];
  const answered: ProviderResponse[] = [];
  let requestCount = 0;

  /** GETs `url`, following same-origin redirects (at most MAX_REDIRECTS); the last response and the redirects met. */
  const fetchFollowing = async (url: string, signal: AbortSignal): Promise<[Response, Redirect[]]> => {
    const redirects: Redirect[] = [];
    let current = url;
    for (;;) {
      requestCount++;
      const response = await fetchRetryingStale(current, signal);
      const to = redirectTarget(response, current);
      if (to === undefined) return [response, redirects];
      const target = new URL(to);
      // Not followed: another origin (a client's credentials would go there), a same-origin URL with
      // credentials (fetch refuses one, and a client would send or log them), or a chain too long.
      const stop =
        target.origin !== new URL(current).origin
          ? "cross-origin"
          : target.username !== "" || target.password !== ""
            ? "credentials"
            : redirects.length >= MAX_REDIRECTS
              ? "too-many"
              : undefined;
      redirects.push({ status: response.status, from: current, to, followed: stop === undefined, ...(stop === undefined ? {} : { stop }) });
      if (stop !== undefined) return [response, redirects];
      await response.body?.cancel();
      current = to;
    }
  };

  const send = async (request: string, pathAndQuery: string): Promise<ProviderResponse> => {
    const url = resolveUrl(options.baseUrl, pathAndQuery);
    // A timer of our own rather than AbortSignal.timeout, whose timer does not keep the process alive:
    // a read that never settles (a stalled decoder) must end in the timeout, not in an empty event loop.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`no answer within ${options.timeoutMs} ms`, "TimeoutError")),
      options.timeoutMs,
    );
    try {
      const signal = controller.signal;
      const [response, redirects] = await fetchFollowing(url, signal);
      const body = await readCappedBody(response, maxBytes, signal);
      const text = "text" in body ? body.text : "";
      let json: unknown = undefined;
      let parsed = false;
      let fault: ProviderResponse["fault"];
      if ("undecodable" in body) fault = { rule: "content-encoding", message: body.undecodable };
      else if ("tooLarge" in body)
        fault = {
          rule: "response-too-large",
          message: `the body is larger than ${maxBytes.toLocaleString("en-US")} bytes (--max-response-bytes, counted after decompression): not read further`,
        };
      else
        try {
          json = JSON.parse(text) as unknown;
          parsed = true;
        } catch {
          // Not JSON: the conformance check reports it (rule body-json); other checks skip the body.
        }
      if (parsed && exceedsJsonDepth(json)) {
        // Every recursive walk (the checker, firstDifference, JSON.stringify) would overflow the stack.
        [json, parsed] = [undefined, false];
        fault = { rule: "max-depth", message: `the body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep` };
      }
      const answer: ProviderResponse = { request, status: response.status, headers: response.headers, text, json, parsed };
      if (fault !== undefined) answer.fault = fault;
      if (parsed) {
        const found = jsonTextIssues(text);
        if (found.issues.length > 0) answer.textIssues = found;
      }
      answered.push(answer);
      if (redirects.length === 0) return answer;
      answer.redirects = redirects;
      redirected.push(answer);
      return answer;
    } catch (error) {
      // Redacted: a reason can quote a URL the provider named (its credentials, a token in its query).
      const reason = redactUrlSecrets(describeNetworkError(error, url, options.timeoutMs));
      const line = `cannot reach the provider at ${options.baseUrl}: ${reason} (${request})`;
      throw new ToolkitError("E_PROVIDER_UNREACHABLE", redactUrlSecrets(line), {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    baseUrl: options.baseUrl,
    get requestCount() {
      return requestCount;
    },
    get redirected() {
      return redirected;
    },
    get answered() {
      return answered;
    },
    get(path, query = {}) {
      const search = Object.entries(query)
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
        .join("&");
      const pathAndQuery = search === "" ? path : `${path}?${search}`;
      const request = `GET ${pathAndQuery}`;
      let pending = cache.get(pathAndQuery);
      if (!pending) {
        pending = limit(() => send(request, pathAndQuery));
        cache.set(pathAndQuery, pending);
      }
      return pending;
    },
  };
}

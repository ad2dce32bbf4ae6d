// The one HTTP client of every tool that talks to a provider (verify, fuzz, Pact's provider states):
// method, raw path and query, headers and body go on the wire unchanged (fetch would resolve `..`,
// re-encode and refuse some methods), over a keep-alive agent per base URL, with a byte cap, the
// Content-Encoding decoded (every coding of a list, in reverse), a stale kept-alive connection
// retried once, and same-origin redirects followed when asked (each one recorded). Every way an
// exchange can go wrong without an answer (a reset, malformed HTTP, a body its Content-Encoding
// does not decode, a timeout) is a value, not an exception: a finding of the `transport` check.
import { isUtf8 } from "node:buffer";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { brotliDecompressSync, constants as zlibConstants, gunzipSync, inflateSync } from "node:zlib";
import { createBodyText, type BodyText } from "./body-text.js";
import { redactUrlSecrets } from "../io/redact.js";
import { toolkitVersion } from "../io/toolkit-version.js";
import { toolUserAgent, type RequestingTool } from "../contract/tool-user-agent.js";

export interface ExchangeRequest {
  method: string;
  /** Path and query as they go on the wire, appended to the base URL's path. */
  target: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body?: string;
  /** A text the answer's body is likely to equal (see body-text.ts): compared as it comes, not copied when equal. */
  likelyText?: string;
}

export interface ExchangeAnswer {
  status: number;
  /** Header names lower-case; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  text: string;
  /** Body bytes received (before decoding a Content-Encoding). */
  bytes: number;
  durationMs: number;
  /** The body went past the cap: `text` holds what came before it. */
  tooLarge?: boolean;
}

export type TransportFaultKind = "reset" | "malformed" | "decoding" | "timeout" | "refused" | "unreachable" | "other";

export interface ExchangeFault {
  kind: TransportFaultKind;
  message: string;
  durationMs: number;
  /** The status line and headers had arrived: the provider was there, the body went wrong. */
  answered?: true;
}

/** One redirect met on the way to an answer: absolute URLs (credentials redacted), and whether it was followed. */
export interface Redirect {
  status: number;
  from: string;
  to: string;
  followed: boolean;
  /** Why it was not followed. */
  stop?: "cross-origin" | "too-many" | "credentials";
}

/** The answer, or the transport fault that stood in for one; the redirects followed (or refused) on the way. */
export type ExchangeOutcome = ({ answer: ExchangeAnswer } | { fault: ExchangeFault }) & { redirects?: Redirect[] };

export interface HttpClient {
  send(request: ExchangeRequest): Promise<ExchangeOutcome>;
  /** How many HTTP requests went out so far (each redirect hop counts). */
  readonly sent: number;
  /** Closes the kept-alive connections. */
  close(): void;
}

/** The methods node sends without a body framing when they have none; any other goes chunked unless given a length. */
const UNFRAMED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "DELETE", "OPTIONS", "TRACE", "CONNECT"]);

/** Redirects followed in a row before giving up (a loop, or a chain no client should need). */
export const MAX_REDIRECTS = 5;

export interface HttpClientOptions {
  /** Normalised, without a trailing slash (normalizeHttpUrl). */
  baseUrl: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Sockets kept per host: the caller's concurrency. */
  maxSockets: number;
  /** Follow a GET's same-origin redirects (at most MAX_REDIRECTS); default false: the 3xx is the answer. */
  followRedirects?: boolean;
  /**
   * The tool sending: its User-Agent (`evals-contract/0.1.0 (verify)`) goes with every request that
   * sets none, so the mock tells it from a consumer's traffic (src/contract/tool-user-agent.ts).
   */
  tool: RequestingTool;
}

const decoder = new TextDecoder();

/** `body`'s text once its last chunk is in. */
const lastText = (body: BodyText, chunk: Uint8Array): string => {
  body.add(chunk);
  return body.text();
};

const errorCode = (error: unknown): string =>
  typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string"
    ? (error as { code: string }).code
    : "";

/** What a socket, DNS, TLS or parser error means for the exchange, in a few words. */
export function classifyExchangeError(error: unknown, host: string): { kind: TransportFaultKind; message: string } {
  const code = errorCode(error);
  // OpenSSL messages end in a newline: the message stays one line.
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
  const hostname = host.replace(/:\d+$/, "");
  switch (code) {
    case "ECONNREFUSED":
      return { kind: "refused", message: `connection refused by ${host}` };
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return { kind: "unreachable", message: `host ${hostname} not found (DNS)` };
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return { kind: "unreachable", message: `${host} is unreachable` };
    case "ETIMEDOUT":
      return { kind: "unreachable", message: `connection to ${host} timed out` };
    case "ERR_SSL_WRONG_VERSION_NUMBER":
      return { kind: "unreachable", message: `no TLS at ${host} (is it http:// rather than https://?)` };
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "SELF_SIGNED_CERT_IN_CHAIN":
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "UNABLE_TO_GET_ISSUER_CERT_LOCALLY":
      return {
        kind: "unreachable",
        message: `the TLS certificate of ${host} is not trusted (${code}; add its CA with NODE_EXTRA_CA_CERTS)`,
      };
    case "CERT_HAS_EXPIRED":
    case "ERR_TLS_CERT_ALTNAME_INVALID":
      return { kind: "unreachable", message: `the TLS certificate of ${host} is not valid (${code})` };
  }
  if (code === "ECONNRESET" || code === "EPIPE" || reason === "socket hang up")
    return { kind: "reset", message: `the connection was closed before a complete answer (${code || reason})` };
  if (code.startsWith("HPE_")) return { kind: "malformed", message: `malformed HTTP answer: ${reason} (${code})` };
  return { kind: "other", message: code === "" ? reason : `${reason} (${code})` };
}

const DECODERS: Readonly<Record<string, typeof gunzipSync>> = {
  gzip: gunzipSync,
  "x-gzip": gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** The codings a Content-Encoding lists, in the order applied (`identity` and blanks left out). */
const contentCodings = (encoding: string): string[] =>
  encoding
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");

/** Wire bytes of an encoded body before its decoded size is first measured; then at every doubling. */
const PROBE_FROM = 64 * 1024;

/**
 * Whether the first bytes of a body in one Content-Encoding already decode past `maxBytes`: a gzip
 * bomb streamed without end is stopped at the cap after decompression while it arrives, not after
 * `maxBytes` of wire bytes (64 GiB decoded). Measured at each doubling of the wire bytes, so the
 * decoding work is at most twice the body's.
 */
export function decodesPastCap(prefix: Uint8Array, encoding: string, maxBytes: number): boolean {
  const codings = contentCodings(encoding);
  const coding = codings.length === 1 ? codings[0]! : "";
  const decode = DECODERS[coding];
  if (decode === undefined) return false;
  try {
    // Flushed, not finished: what the first bytes already decode to.
    decode(prefix, {
      finishFlush: coding === "br" ? zlibConstants.BROTLI_OPERATION_FLUSH : zlibConstants.Z_SYNC_FLUSH,
      maxOutputLength: maxBytes,
    });
    return false;
  } catch (error) {
    // A prefix that does not decode is judged when the body ends (decodeBody), as before.
    return errorCode(error) === "ERR_BUFFER_TOO_LARGE";
  }
}

/**
 * The body decoded by its Content-Encoding, capped: the codings were applied in the order listed, so
 * they are undone in reverse (`br, gzip`: gunzip, then brotli). A coding that does not decode the
 * bytes (a gzip header over a plain body), or one the client does not know, is a fault.
 */
export function decodeBody(
  raw: Uint8Array,
  encoding: string,
  maxBytes: number,
): { text: string; tooLarge?: true } | { undecodable: string } {
  const codings = contentCodings(encoding);
  let bytes = raw;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (decode === undefined) return { undecodable: `the body has Content-Encoding: ${coding}, which no client decodes` };
    try {
      bytes = decode(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      if (errorCode(error) === "ERR_BUFFER_TOO_LARGE") return { text: "", tooLarge: true };
      const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim() || errorCode(error);
      const which = codings.length > 1 ? `${coding}: ` : "";
      return { undecodable: `the body is not valid Content-Encoding: ${encoding.trim()} (${which}${reason})` };
    }
  }
  // Undone as declared, yet still gzip: the body was encoded once more than its header says.
  if (codings.length > 0 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08)
    return {
      undecodable: `the body is still gzip data after undoing Content-Encoding: ${encoding.trim()} (encoded more times than the header says)`,
    };
  // Undone as declared, yet not text: another coding than the header names (brotli under gzip).
  if (codings.length > 0 && !isUtf8(bytes))
    return {
      undecodable: `the body is not UTF-8 text after undoing Content-Encoding: ${encoding.trim()} (encoded otherwise than the header says)`,
    };
  return { text: decoder.decode(bytes) };
}

function headerRecord(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Why a redirect from `from` to `to` is not followed, or undefined when it is. */
function redirectStop(from: URL, to: URL, followed: number): Redirect["stop"] {
  // Another origin: a client's credentials would go there. A URL with credentials: a client would
  // send or log them. Past MAX_REDIRECTS: a loop, or a chain no client should need.
  if (to.origin !== from.origin) return "cross-origin";
  if (to.username !== "" || to.password !== "") return "credentials";
  return followed >= MAX_REDIRECTS ? "too-many" : undefined;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl);
  const secure = base.protocol === "https:";
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: options.maxSockets };
  const agent = secure ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const transmit = secure ? httpsRequest : httpRequest;
  const prefix = base.pathname.replace(/\/+$/, "");
  // The base URL's credentials as basic auth (a raw header list takes no `auth` option).
  const authorization =
    base.username === ""
      ? undefined
      : `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString("base64")}`;
  const userAgent = toolUserAgent(options.tool, toolkitVersion());
  let sent = 0;

  /** One request of `path` (on the wire, prefix included); retried once on a stale kept-alive connection. */
  const exchange = (request: ExchangeRequest, path: string, retried: boolean): Promise<ExchangeOutcome> =>
    new Promise((resolve) => {
      sent++;
      const started = performance.now();
      const elapsed = (): number => performance.now() - started;
      let settled = false;
      let answered = false;
      const finish = (outcome: ExchangeOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      // A raw header list (kept in order, repeats allowed): Node then adds no Host of its own.
      const headers: Array<[string, string]> = request.headers.some(([name]) => name.toLowerCase() === "host") ? [] : [["host", base.host]];
      if (authorization !== undefined && !request.headers.some(([name]) => name.toLowerCase() === "authorization"))
        headers.push(["authorization", authorization]);
      if (!request.headers.some(([name]) => name.toLowerCase() === "user-agent")) headers.push(["user-agent", userAgent]);
      for (const [name, value] of request.headers) headers.push([name, value]);
      // One framing, always a Content-Length: a body-less POST, PUT or PATCH would otherwise go out
      // `Transfer-Encoding: chunked` with an empty chunk (node's default for them); fetch sends `0`.
      if (request.body !== undefined) headers.push(["content-length", String(Buffer.byteLength(request.body))]);
      else if (!UNFRAMED_METHODS.has(request.method)) headers.push(["content-length", "0"]);
      let outgoing: ReturnType<typeof transmit>;
      try {
        outgoing = transmit({
          protocol: base.protocol,
          hostname: base.hostname.replace(/^\[|\]$/g, ""),
          port: base.port === "" ? undefined : Number(base.port),
          method: request.method,
          path,
          headers: headers.flat(),
          agent,
        });
      } catch (error) {
        // Node refuses the request before sending (a character it will not put in a request line).
        resolve({
          fault: { kind: "other", message: `not sent: ${error instanceof Error ? error.message : String(error)}`, durationMs: 0 },
        });
        return;
      }
      // The timeout is a time without progress (no answer yet, or no byte of the body), as curl's and
      // Python requests' read timeouts: a long body that keeps arriving is slow, not lost.
      let timer: ReturnType<typeof setTimeout>;
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          outgoing.destroy();
          finish({
            fault: {
              kind: "timeout",
              message: `no ${answered ? "byte of the body" : "answer"} for ${options.timeoutMs} ms (--timeout)`,
              durationMs: elapsed(),
              ...(answered ? { answered: true as const } : {}),
            },
          });
        }, options.timeoutMs);
      };
      arm();
      outgoing.on("error", (error) => {
        if (settled) return;
        const { kind, message } = classifyExchangeError(error, base.host);
        // A kept-alive connection the server closed while idle: the request never reached it. One retry
        // on a fresh connection, as undici and browsers do for idempotent requests.
        if (kind === "reset" && !answered && !retried && outgoing.reusedSocket) {
          clearTimeout(timer);
          settled = true;
          resolve(exchange(request, path, true));
          return;
        }
        finish({ fault: { kind, message, durationMs: elapsed() } });
      });
      outgoing.on("response", (response) => {
        answered = true;
        arm();
        // A body with no Content-Encoding goes into one buffer as it comes, its chunks dropped at once
        // (body-text.ts; compared with a likely text instead when the caller has one); an encoded one
        // is kept whole to undo its codings.
        const plain =
          (response.headers["content-encoding"] ?? "")
            .trim()
            .toLowerCase()
            .replace(/^identity$/, "") === "";
        const streaming = plain
          ? createBodyText({
              expectedBytes: Number(response.headers["content-length"] ?? 0),
              cap: options.maxResponseBytes,
              ...(request.likelyText === undefined ? {} : { likely: request.likelyText }),
            })
          : undefined;
        const chunks: Buffer[] = [];
        let bytes = 0;
        let tooLarge = false;
        let probeAt = PROBE_FROM;
        /** The body is past the cap: answered with `text` (what came before it), the rest not read. */
        const stopTooLarge = (text: string): void => {
          tooLarge = true;
          finish({
            answer: {
              status: response.statusCode ?? 0,
              headers: headerRecord(response),
              text,
              bytes,
              durationMs: elapsed(),
              tooLarge: true,
            },
          });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          if (tooLarge) return;
          arm();
          bytes += chunk.length;
          if (bytes > options.maxResponseBytes) {
            chunks.push(chunk.subarray(0, chunk.length - (bytes - options.maxResponseBytes)));
            // What came before the cap (raw bytes when the body is encoded: the cap counts wire bytes here).
            return stopTooLarge(streaming === undefined ? decoder.decode(Buffer.concat(chunks)) : lastText(streaming, chunks[0]!));
          }
          if (streaming !== undefined) {
            streaming.add(chunk);
            return;
          }
          chunks.push(chunk);
          if (bytes < probeAt) return;
          probeAt = bytes * 2;
          if (!decodesPastCap(Buffer.concat(chunks, bytes), response.headers["content-encoding"] ?? "", options.maxResponseBytes)) return;
          chunks.length = 0;
          stopTooLarge("");
        });
        response.on("error", (error) => {
          const { kind, message } = classifyExchangeError(error, base.host);
          finish({ fault: { kind, message: `${message}, in the middle of the body`, durationMs: elapsed(), answered: true } });
        });
        response.on("aborted", () =>
          finish({
            fault: { kind: "reset", message: "the connection was closed in the middle of the body", durationMs: elapsed(), answered: true },
          }),
        );
        response.on("end", () => {
          const responseHeaders = headerRecord(response);
          const decoded =
            streaming === undefined
              ? decodeBody(Buffer.concat(chunks, bytes), responseHeaders["content-encoding"] ?? "", options.maxResponseBytes)
              : { text: streaming.text() };
          // Nothing of the body stays with the response (a kept-alive socket holds it until its next request).
          chunks.length = 0;
          if ("undecodable" in decoded) {
            finish({ fault: { kind: "decoding", message: decoded.undecodable, durationMs: elapsed(), answered: true } });
            return;
          }
          const answer: ExchangeAnswer = {
            status: response.statusCode ?? 0,
            headers: responseHeaders,
            text: decoded.text,
            bytes,
            durationMs: elapsed(),
          };
          if (decoded.tooLarge) answer.tooLarge = true;
          finish({ answer });
        });
      });
      // As bytes: node writes the head with a string body as UTF-8, without one as Latin-1; the head is
      // always Latin-1 this way (what a curl line reproduces, src/fuzz/curl.ts).
      outgoing.end(request.body === undefined ? undefined : Buffer.from(request.body, "utf8"));
    });

  /** `exchange`, following same-origin redirects when the client was made to (GET only, as browsers for 307/308 writes). */
  const send = async (request: ExchangeRequest): Promise<ExchangeOutcome> => {
    let url = new URL(`${prefix}${request.target}`, base.origin);
    let outcome = await exchange(request, `${prefix}${request.target}`, false);
    if (options.followRedirects !== true || request.method !== "GET") return outcome;
    const redirects: Redirect[] = [];
    const display = (u: URL): string => redactUrlSecrets(u.href);
    for (;;) {
      if (!("answer" in outcome) || !REDIRECT_STATUSES.has(outcome.answer.status)) break;
      const location = outcome.answer.headers.location;
      let to: URL;
      try {
        if (location === undefined) break;
        to = new URL(location, url);
      } catch {
        break;
      }
      const stop = redirectStop(url, to, redirects.length);
      redirects.push({
        status: outcome.answer.status,
        from: display(url),
        to: display(to),
        followed: stop === undefined,
        ...(stop === undefined ? {} : { stop }),
      });
      if (stop !== undefined) break;
      url = to;
      outcome = await exchange(request, `${to.pathname}${to.search}`, false);
    }
    return redirects.length === 0 ? outcome : { ...outcome, redirects };
  };

  return {
    send,
    get sent() {
      return sent;
    },
    close: () => agent.destroy(),
  };
}

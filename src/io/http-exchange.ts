// One HTTP request sent exactly as given, for the fuzzer: method, raw path and query, headers and
// body go on the wire unchanged (fetch would resolve `..`, re-encode and refuse some methods), over
// a keep-alive agent per base URL. Every way an exchange can go wrong without an answer (a reset,
// malformed HTTP, a timeout, a body past the cap) is a value, not an exception: for the fuzzer it
// is a finding, the `transport` check.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

export interface ExchangeRequest {
  method: string;
  /** Path and query as they go on the wire, appended to the base URL's path. */
  target: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body?: string;
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

export type TransportFaultKind = "reset" | "malformed" | "timeout" | "refused" | "too-large" | "other";

export interface ExchangeFault {
  kind: TransportFaultKind;
  message: string;
  durationMs: number;
}

export type ExchangeOutcome = { answer: ExchangeAnswer } | { fault: ExchangeFault };

export interface HttpExchanger {
  send(request: ExchangeRequest): Promise<ExchangeOutcome>;
  /** Closes the kept-alive connections. */
  close(): void;
}

export interface ExchangerOptions {
  /** Normalised, without a trailing slash (normalizeHttpUrl). */
  baseUrl: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Sockets kept per host: the caller's concurrency. */
  maxSockets: number;
}

const decoder = new TextDecoder();

const errorCode = (error: unknown): string =>
  typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string"
    ? (error as { code: string }).code
    : "";

/** What a socket or parser error means for the exchange, in a few words. */
export function classifyExchangeError(error: unknown, host: string): { kind: TransportFaultKind; message: string } {
  const code = errorCode(error);
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
  if (code === "ECONNREFUSED") return { kind: "refused", message: `connection refused by ${host}` };
  if (code === "ECONNRESET" || code === "EPIPE" || reason === "socket hang up")
    return { kind: "reset", message: `the connection was closed before a complete answer (${code || reason})` };
  if (code.startsWith("HPE_")) return { kind: "malformed", message: `malformed HTTP answer: ${reason} (${code})` };
  return { kind: "other", message: code === "" ? reason : `${reason} (${code})` };
}

/** The body decoded by its Content-Encoding (gzip, deflate, br), capped; a fault when it does not decode. */
function decodeBody(raw: Buffer, encoding: string, maxBytes: number): { text: string; tooLarge?: true } | { undecodable: string } {
  const name = encoding.trim().toLowerCase();
  if (name === "" || name === "identity") return { text: decoder.decode(raw) };
  const options = { maxOutputLength: maxBytes };
  try {
    const out =
      name === "gzip" || name === "x-gzip"
        ? gunzipSync(raw, options)
        : name === "deflate"
          ? inflateSync(raw, options)
          : name === "br"
            ? brotliDecompressSync(raw, options)
            : undefined;
    if (out === undefined) return { text: decoder.decode(raw) };
    return { text: decoder.decode(out) };
  } catch (error) {
    if (errorCode(error) === "ERR_BUFFER_TOO_LARGE") return { text: "", tooLarge: true };
    return { undecodable: `the body is not valid Content-Encoding: ${name} (${errorCode(error) || String(error)})` };
  }
}

function headerRecord(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

export function createHttpExchanger(options: ExchangerOptions): HttpExchanger {
  const base = new URL(options.baseUrl);
  const secure = base.protocol === "https:";
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: options.maxSockets };
  const agent = secure ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const send = secure ? httpsRequest : httpRequest;
  const prefix = base.pathname.replace(/\/+$/, "");
  const auth = base.username === "" ? undefined : `${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`;

  const exchange = (request: ExchangeRequest, retried: boolean): Promise<ExchangeOutcome> =>
    new Promise((resolve) => {
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
      for (const [name, value] of request.headers) headers.push([name, value]);
      if (request.body !== undefined) headers.push(["content-length", String(Buffer.byteLength(request.body))]);
      let outgoing: ReturnType<typeof send>;
      try {
        outgoing = send({
          protocol: base.protocol,
          hostname: base.hostname.replace(/^\[|\]$/g, ""),
          port: base.port === "" ? undefined : Number(base.port),
          method: request.method,
          path: `${prefix}${request.target}`,
          headers: headers.flat(),
          agent,
          ...(auth === undefined ? {} : { auth }),
        });
      } catch (error) {
        // Node refuses the request before sending (a character it will not put in a request line).
        resolve({
          fault: { kind: "other", message: `not sent: ${error instanceof Error ? error.message : String(error)}`, durationMs: 0 },
        });
        return;
      }
      const timer = setTimeout(() => {
        outgoing.destroy();
        finish({ fault: { kind: "timeout", message: `no complete answer within ${options.timeoutMs} ms`, durationMs: elapsed() } });
      }, options.timeoutMs);
      outgoing.on("error", (error) => {
        if (settled) return;
        const { kind, message } = classifyExchangeError(error, base.host);
        // A kept-alive connection the server closed while idle: the request never reached it. One retry
        // on a fresh connection, as undici and browsers do for idempotent requests.
        if (kind === "reset" && !answered && !retried && outgoing.reusedSocket) {
          clearTimeout(timer);
          settled = true;
          resolve(exchange(request, true));
          return;
        }
        finish({ fault: { kind, message, durationMs: elapsed() } });
      });
      outgoing.on("response", (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let bytes = 0;
        let tooLarge = false;
        response.on("data", (chunk: Buffer) => {
          if (tooLarge) return;
          bytes += chunk.length;
          if (bytes > options.maxResponseBytes) {
            tooLarge = true;
            chunks.push(chunk.subarray(0, chunk.length - (bytes - options.maxResponseBytes)));
            finish({
              answer: {
                status: response.statusCode ?? 0,
                headers: headerRecord(response),
                // What came before the cap (raw bytes when the body is encoded: the cap counts wire bytes here).
                text: decoder.decode(Buffer.concat(chunks)),
                bytes,
                durationMs: elapsed(),
                tooLarge: true,
              },
            });
            response.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on("error", (error) => {
          const { kind, message } = classifyExchangeError(error, base.host);
          finish({ fault: { kind, message: `${message}, in the middle of the body`, durationMs: elapsed() } });
        });
        response.on("aborted", () =>
          finish({ fault: { kind: "reset", message: "the connection was closed in the middle of the body", durationMs: elapsed() } }),
        );
        response.on("end", () => {
          const responseHeaders = headerRecord(response);
          const decoded = decodeBody(Buffer.concat(chunks, bytes), responseHeaders["content-encoding"] ?? "", options.maxResponseBytes);
          if ("undecodable" in decoded) {
            finish({ fault: { kind: "malformed", message: decoded.undecodable, durationMs: elapsed() } });
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
      outgoing.end(request.body);
    });

  return {
    send: (request) => exchange(request, false),
    close: () => agent.destroy(),
  };
}

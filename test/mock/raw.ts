// One request with exactly the headers a test gives (Host, Cookie, Origin and Sec-Fetch-Site
// included) through node:http: fetch adds Sec-Fetch-* of its own and cannot set Host. The body comes
// back as bytes, for tests that compare them. An `agent` (keepAlive) is the caller's; none: a fresh
// connection per request.
import { request, type Agent, type IncomingHttpHeaders } from "node:http";

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RawInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
}

export function raw(url: string, init: RawInit = {}): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers ?? {}, agent: init.agent ?? false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        done({ status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString("utf8") });
      });
      response.on("error", fail);
    });
    req.on("error", fail);
    req.end(init.body);
  });
}

/** A JSON body's `detail` (the service's and the mock's error shape). */
export const detailOf = (answer: RawAnswer): unknown => (JSON.parse(answer.text) as { detail: unknown }).detail;

/** A JSON request to the console: PUT/POST with `Content-Type: application/json` unless the headers say otherwise. */
export const sendJson = (
  url: string,
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
  agent?: Agent,
): Promise<RawAnswer> =>
  raw(url, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...(agent === undefined ? {} : { agent }),
  });

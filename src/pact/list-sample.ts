// Pact is given at most MAX_PACT_LIST_RECORDS records of a list (issue 26). Its native core matches
// every item of an `eachLike` list against the contract's rules, holding the whole body parsed:
// 20,000 evaluations (26 MB) took 10 s and about 470 MB in the verifier child. The conformance
// sweep checks every record against the full schema (stricter than the contract's type matchers:
// docs/pact.md), so Pact replaying the first records proves the contract's shape on the provider's
// own bytes, and the run says in a note how many records Pact matched.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import { resolveUrl } from "../io/base-url.js";
import { arrayElementBounds } from "../io/json-array-elements.js";
import { listen } from "../io/listen.js";
import type { ProviderResponse } from "../engine/provider-client.js";
import type { SampledList } from "./results.js";

/** Most records of one list the Pact verifier is given (the by-id checks' bound as well). */
export const MAX_PACT_LIST_RECORDS = 1_000;

/**
 * Where the first `count` elements of the JSON array `text` end (the index of the comma after the
 * last of them), or undefined when `text` is not an array of more than `count` elements. A scan of
 * the text, so the records Pact sees are the provider's own bytes.
 */
export function leadingElementsEnd(text: string, count: number): number | undefined {
  const bounds = arrayElementBounds(text, count + 1);
  if (bounds === undefined || bounds.length <= count) return undefined;
  return text.indexOf(",", bounds.ends[count - 1]);
}

/** A list response Pact is given a part of: its request and how many records it had. */
export type { SampledList } from "./results.js";

export interface Sample extends SampledList {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** The sample of a list response, when it is a plain 200 JSON array longer than the bound. */
export function sampleList(
  response: Pick<ProviderResponse, "request" | "status" | "headers" | "text" | "elements" | "parsed" | "redirects" | "fault">,
  limit = MAX_PACT_LIST_RECORDS,
): Sample | undefined {
  // The elements' count, not the parsed list: a 26 MB list is not parsed whole to be cut.
  if (response.status !== 200 || !response.parsed || response.elements === undefined || response.elements.length <= limit) return undefined;
  if (response.redirects !== undefined || response.fault !== undefined) return undefined;
  const end = leadingElementsEnd(response.text, limit);
  if (end === undefined) return undefined;
  const body = Buffer.from(`${response.text.slice(0, end)}]`, "utf8");
  const dropped = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);
  const headers: [string, string][] = [];
  Object.entries(response.headers).forEach(([name, value]) => {
    if (!dropped.has(name.toLowerCase())) headers.push([name, value]);
  });
  headers.push(["content-length", String(body.length)]);
  return { request: response.request, records: response.elements.length, matched: limit, status: response.status, headers, body };
}

export interface SamplingProxy {
  /** The base URL to give Pact instead of the provider's (same path prefix). */
  url: string;
  close(): Promise<void>;
}

// Headers of one connection, not of the message: the proxy's own connections set their own.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

function forwardHeaders(headers: IncomingHttpHeaders, host: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { host };
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && name !== "host" && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/** An answer's raw headers without the hop-by-hop ones, as writeHead takes them. */
function endToEndHeaders(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

/**
 * A proxy on 127.0.0.1 in front of the provider: the sampled lists (keyed by the path and query Pact
 * asks for) are answered from their samples, every other request is passed through as it is.
 */
export async function startSamplingProxy(baseUrl: string, samples: readonly Sample[]): Promise<SamplingProxy> {
  const target = new URL(baseUrl);
  const byPath = new Map(
    samples.map((sample) => {
      const url = new URL(resolveUrl(baseUrl, sample.request.slice("GET ".length)));
      return [`${url.pathname}${url.search}`, sample] as const;
    }),
  );
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const sample = incoming.method === "GET" ? byPath.get(incoming.url ?? "") : undefined;
    if (sample !== undefined) {
      outgoing.writeHead(sample.status, sample.headers.flat());
      outgoing.end(sample.body);
      return;
    }
    const upstream = send(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: forwardHeaders(incoming.headers, target.host),
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.rawHeaders));
        answer.pipe(outgoing);
        answer.on("error", () => outgoing.destroy());
      },
    );
    // The provider went away: so does the answer, and Pact reports the failed request as it would.
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  const port = await listen(server, 0, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, "")}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// What the snapshot tests share: a raw HTTP GET (node's own client, so the bytes are the provider's,
// not the toolkit's), a tiny node:http provider on port 0, and a reader of a dataset file's record
// texts. The reader is written here, apart from src/snapshot/raw-records.ts, so that a bug there
// cannot hide itself in the tests.
import { request, createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RawAnswer {
  status: number;
  headers: IncomingMessage["headers"];
  /** The body's bytes as UTF-8 text, exactly as received. */
  text: string;
}

/** GET `url` with node's http client (no decoding, no redirect): the provider's bytes. */
export function rawGet(url: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers: { accept: "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The end (exclusive) of the JSON value starting at `i` in `text` (valid JSON assumed). */
function valueEnd(text: string, i: number): number {
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
      if (depth === 0) return i + 1;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return i;
    } else if (depth === 0 && (c === "," || c === " " || c === "\n" || c === "\r" || c === "\t")) return i;
  }
  return i;
}

const skipSpace = (text: string, i: number): number => {
  while (/[ \n\r\t]/.test(text[i] ?? "")) i++;
  return i;
};

/** The text of each element of the JSON array starting at `start` (its `[`), as written. */
export function arrayElementTexts(text: string, start = skipSpace(text, 0)): string[] {
  if (text[start] !== "[") throw new Error(`no array at ${start}: ${text.slice(start, start + 20)}`);
  const out: string[] = [];
  let i = skipSpace(text, start + 1);
  if (text[i] === "]") return out;
  for (;;) {
    const end = valueEnd(text, i);
    out.push(text.slice(i, end));
    i = skipSpace(text, end);
    if (text[i] === "]") return out;
    if (text[i] !== ",") throw new Error(`expected , at ${i}: ${text.slice(i, i + 20)}`);
    i = skipSpace(text, i + 1);
  }
}

/** A dataset file's records as written: the text of each element of its two arrays. */
export function datasetRecordTexts(fileText: string): { evaluations: string[]; human_evaluations: string[] } {
  const found: Record<string, string[]> = {};
  let i = skipSpace(fileText, 0);
  if (fileText[i] !== "{") throw new Error("a dataset file is an object");
  i = skipSpace(fileText, i + 1);
  while (fileText[i] === '"') {
    const keyEnd = valueEnd(fileText, i);
    const key = JSON.parse(fileText.slice(i, keyEnd)) as string;
    i = skipSpace(fileText, keyEnd);
    if (fileText[i] !== ":") throw new Error(`expected : at ${i}`);
    i = skipSpace(fileText, i + 1);
    const end = valueEnd(fileText, i);
    found[key] = arrayElementTexts(fileText, i);
    i = skipSpace(fileText, end);
    if (fileText[i] === ",") i = skipSpace(fileText, i + 1);
  }
  return { evaluations: found.evaluations ?? [], human_evaluations: found.human_evaluations ?? [] };
}

export interface TestProvider {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** `METHOD path?query` of every request, in order. */
  requests: string[];
  /** The Authorization header of every request, in order ("" when absent). */
  authorizations: string[];
  /** The headers of every request, in order. */
  headers: IncomingMessage["headers"][];
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1, port 0, answering with `handle`; close() drops open connections. */
export async function startProvider(handle: (req: IncomingMessage, res: ServerResponse, url: URL) => void): Promise<TestProvider> {
  const requests: string[] = [];
  const authorizations: string[] = [];
  const headers: IncomingMessage["headers"][] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    authorizations.push(req.headers.authorization ?? "");
    headers.push(req.headers);
    handle(req, res, new URL(req.url ?? "/", "http://provider.invalid"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    authorizations,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** JSON records served the way the service does: the two lists by app_id, a human evaluation by id (404 otherwise). */
export function serveRecords(
  data: { evaluations: Array<Record<string, unknown>>; human_evaluations: Array<Record<string, unknown>> },
  byId: (record: Record<string, unknown>) => unknown = (record) => record,
): (req: IncomingMessage, res: ServerResponse, url: URL) => void {
  return (_req, res, url) => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const appId = url.searchParams.get("app_id");
    const path = url.pathname.replace(/\/$/, "");
    if (path === "/evaluations")
      return send(
        200,
        data.evaluations.filter((r) => r.app_id === appId),
      );
    if (path === "/human-evaluations")
      return send(
        200,
        data.human_evaluations.filter((r) => r.app_id === appId),
      );
    const id = /^\/human-evaluations\/([^/]+)$/.exec(path)?.[1];
    const found = data.human_evaluations.find((r) => r.id === decodeURIComponent(id ?? ""));
    if (found !== undefined) return send(200, byId(found));
    send(404, { detail: "Not Found" });
  };
}

// A TCP server on 127.0.0.1, port 0, that records the bytes each client really sent (no HTTP parser
// in between to tidy them up) and answers each request it can frame (head, then a Content-Length
// body) with a fixed HTTP/1.1 answer. For tests of what goes on the wire: a curl line run by a
// shell, a replayed request. Registered for closeTestServers.
import { createServer, type Socket } from "node:net";
import type { Server } from "node:http";
import { listenForTest } from "./test-servers.js";

export interface RawRequest {
  /** The head as received, CRLFs included, decoded byte for byte (latin1). */
  head: string;
  /** The head's bytes. */
  headBytes: Buffer;
  /** The request line: `GET /x HTTP/1.1`. */
  line: string;
  /** Header lines as received, in order: [name as sent, value bytes as latin1]. */
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface RawAnswer {
  status: number;
  contentType?: string;
  body: string;
}

export interface RawServer {
  url: string;
  /** Every request framed so far, in order of arrival. */
  requests: RawRequest[];
  /** Every byte received, on every connection, in order per connection. */
  received(): Buffer;
}

/** Starts the server; `answer` says what each request gets (default 200 `[]`). */
export async function startRawServer(answer: (request: RawRequest) => RawAnswer = () => ({ status: 200, body: "[]" })): Promise<RawServer> {
  const requests: RawRequest[] = [];
  const connections: Buffer[][] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    connections.push(chunks);
    let pending = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const end = pending.indexOf("\r\n\r\n");
        if (end === -1) return;
        const headBytes = pending.subarray(0, end + 4);
        const head = headBytes.toString("latin1");
        const [line = "", ...rest] = head.slice(0, -4).split("\r\n");
        const headers = rest.map((h): [string, string] => {
          const colon = h.indexOf(":");
          return [h.slice(0, colon), h.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "")];
        });
        const length = Number(headers.find(([name]) => name.toLowerCase() === "content-length")?.[1] ?? 0) || 0;
        if (pending.length < end + 4 + length) return;
        const request: RawRequest = {
          head,
          headBytes: Buffer.from(headBytes),
          line,
          headers,
          body: Buffer.from(pending.subarray(end + 4, end + 4 + length)),
        };
        pending = pending.subarray(end + 4 + length);
        requests.push(request);
        const reply = answer(request);
        const body = Buffer.from(reply.body);
        socket.write(
          `HTTP/1.1 ${reply.status} X\r\ncontent-type: ${reply.contentType ?? "application/json"}\r\ncontent-length: ${body.length}\r\n\r\n`,
        );
        // A HEAD's answer has no body, whatever its Content-Length says.
        if (!line.startsWith("HEAD ")) socket.write(body);
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  // closeTestServers calls closeAllConnections, which a net.Server lacks: destroy the sockets instead.
  Object.assign(server, { closeAllConnections: () => sockets.forEach((s) => s.destroy()) });
  await listenForTest(server as unknown as Server);
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, requests, received: () => Buffer.concat(connections.flat()) };
}

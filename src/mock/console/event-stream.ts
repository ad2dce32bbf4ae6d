// Server-Sent Events for the console (`/_mock/events`): every open page gets each request, reload
// and scenario change as it happens. A closed page drops out; dispose() ends every stream, so the
// server can close.
import type { IncomingMessage, ServerResponse } from "node:http";

export type ConsoleEvent = "request" | "dataset" | "scenario";

export interface EventStream {
  /** Takes over the response as an event stream until the client goes away. */
  subscribe(request: IncomingMessage, response: ServerResponse): void;
  publish(event: ConsoleEvent, data: unknown): void;
  /** True when some page is listening: publishers skip the serialization otherwise. */
  readonly listening: boolean;
  dispose(): void;
}

export function createEventStream(): EventStream {
  const clients = new Set<ServerResponse>();
  return {
    subscribe(request, response) {
      response.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      // The retry hint and a comment, so the browser sees the stream open at once.
      response.write("retry: 1000\n: connected\n\n");
      clients.add(response);
      request.socket.setKeepAlive(true);
      response.once("close", () => clients.delete(response));
    },
    publish(event, data) {
      if (clients.size === 0) return;
      // JSON has no raw newline, so one data line per event.
      const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const client of clients) client.write(frame);
    },
    get listening() {
      return clients.size > 0;
    },
    dispose() {
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}

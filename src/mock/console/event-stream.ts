// Server-Sent Events for the console (`/_mock/events`): every open page gets each request, reload
// and scenario change as it happens. A closed page drops out; dispose() ends every stream, so the
// server can close. Bounded both ways: at most MAX_EVENT_SUBSCRIBERS streams (a new one past it is
// refused with 503, so the open pages keep theirs), and a subscriber that does not read (its
// unsent frames past MAX_EVENT_BUFFERED_BYTES) is dropped with a last `dropped` event, so a paused
// reader cannot grow the mock's memory.
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_EVENT_BUFFERED_BYTES, MAX_EVENT_SUBSCRIBERS } from "./api.js";

export type ConsoleEvent = "request" | "dataset" | "scenario";

/** A dropped subscriber that does not read its last event within this time is cut off. */
const DROP_GRACE_MS = 30_000;

export interface EventStream {
  /** Takes over the response as an event stream until the client goes away (503 past MAX_EVENT_SUBSCRIBERS). */
  subscribe(request: IncomingMessage, response: ServerResponse): void;
  publish(event: ConsoleEvent, data: unknown): void;
  /** True when some page is listening: publishers skip the serialization otherwise. */
  readonly listening: boolean;
  dispose(): void;
}

export interface EventStreamLimits {
  maxSubscribers?: number;
  maxBufferedBytes?: number;
}

export function createEventStream(limits: EventStreamLimits = {}): EventStream {
  const maxSubscribers = limits.maxSubscribers ?? MAX_EVENT_SUBSCRIBERS;
  const maxBuffered = limits.maxBufferedBytes ?? MAX_EVENT_BUFFERED_BYTES;
  const clients = new Set<ServerResponse>();
  const drop = (client: ServerResponse): void => {
    clients.delete(client);
    const detail = `mock: this page fell more than ${maxBuffered} bytes behind the events and was dropped; reload it`;
    client.end(`event: dropped\ndata: ${JSON.stringify({ detail })}\n\n`);
    // A reader that never reads never takes the last event either: cut it off so its buffer goes.
    setTimeout(() => client.destroy(), DROP_GRACE_MS).unref();
  };
  return {
    subscribe(request, response) {
      if (clients.size >= maxSubscribers) {
        const body = Buffer.from(
          JSON.stringify({ detail: `mock: ${maxSubscribers} event streams are open already; close a console page and try again` }),
        );
        response.writeHead(503, { "Content-Type": "application/json", "Content-Length": body.length, "Cache-Control": "no-store" });
        return void response.end(body);
      }
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
      for (const client of clients) {
        if (client.writableLength > maxBuffered) drop(client);
        else client.write(frame);
      }
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

// What one connection to the node mock may have pending: requests read but not yet answered. A client
// that pipelines thousands of requests on one socket (30,000 `Prefer: fault=dribble, delay=120000` in
// 3.5 MB) would otherwise have every one parsed, held and timed at once, until the mock runs out of
// memory. Past MAX_PENDING_PER_CONNECTION the socket is paused: nothing more is read from it (the
// client's writes wait in TCP, as behind uvicorn, which reads the next request only when one is done)
// until half of them are answered. Node parses a whole read (64 KiB) at once, so a few hundred more
// may come before the pause holds; past MAX_HELD_PER_CONNECTION the connection is closed. Other
// connections are served meanwhile: the bound is per socket.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** Requests read on one connection and not yet answered before the mock stops reading from it. */
export const MAX_PENDING_PER_CONNECTION = 64;
/** Requests one connection may have pending at all (what one read parsed after the pause included); past it the connection is closed. */
export const MAX_HELD_PER_CONNECTION = 1024;

export interface ConnectionBoundOptions {
  /** Told once per connection closed past the bound. */
  log?: (line: string) => void;
  pauseAt?: number;
  closeAt?: number;
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** `listener` behind the per-connection bound: a request past it is never handed on. */
export function boundPerConnection(listener: Listener, options: ConnectionBoundOptions = {}): Listener {
  const pauseAt = options.pauseAt ?? MAX_PENDING_PER_CONNECTION;
  const closeAt = options.closeAt ?? MAX_HELD_PER_CONNECTION;
  // By socket, so a closed connection's count goes with it.
  const pending = new WeakMap<Socket, number>();
  const paused = new WeakSet<Socket>();
  return (request, response) => {
    const socket = request.socket;
    const count = (pending.get(socket) ?? 0) + 1;
    if (count > closeAt) {
      if (!socket.destroyed) {
        options.log?.(`mock: a connection pipelined more than ${closeAt} requests not yet answered: closed`);
        socket.destroy();
      }
      return;
    }
    pending.set(socket, count);
    if (count >= pauseAt) {
      paused.add(socket);
      // Node's own flag as well: its http server resumes a socket it did not pause itself as each
      // request is read to its end (readStart checks `_paused`).
      (socket as Socket & { _paused?: boolean })._paused = true;
      socket.pause();
    }
    let counted = true;
    const answered = (): void => {
      if (!counted) return;
      counted = false;
      const left = (pending.get(socket) ?? 1) - 1;
      pending.set(socket, left);
      if (left <= pauseAt / 2 && paused.has(socket)) {
        paused.delete(socket);
        (socket as Socket & { _paused?: boolean })._paused = false;
        (socket as Socket & { parser?: { resume(): void } | null }).parser?.resume();
        socket.resume();
      }
    };
    response.once("finish", answered);
    response.once("close", answered);
    listener(request, response);
  };
}

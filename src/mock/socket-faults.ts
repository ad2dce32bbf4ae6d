// The faults of src/mock/faults.ts on a real socket, for the node mock: what a client of uvicorn
// behind a proxy meets. `reset` resets the TCP connection (ECONNRESET), `empty` closes it without a
// byte ("socket hang up"), `malformed` sends a status line and a chunked body that breaks off with a
// chunk size that is no number (a parse error), `hang` sends nothing until the client gives up, the
// mock closes or MAX_HANG_MS has passed (the connection is then closed unanswered), `dribble` sends the headers at once and the body in pieces over its delay.
// (`gateway` and `truncated` are plain answers: the core makes them.)
import { STATUS_CODES } from "node:http";
import type { MockAnswer } from "./core.js";
import { dribblePieces, MAX_HANG_MS, type TransportFault } from "./faults.js";
import type { NodeResponseLike, Scheduler } from "./types.js";

const bytesOf = (body: Uint8Array | string): Uint8Array => (typeof body === "string" ? Buffer.from(body) : body);

/** The head of a raw HTTP/1.1 answer: the status line and the answer's headers but its length, chunked instead. */
function chunkedHead(answer: MockAnswer): string {
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? "Unknown"}`];
  for (const [name, value] of Object.entries(answer.headers)) if (name.toLowerCase() !== "content-length") lines.push(`${name}: ${value}`);
  lines.push("Transfer-Encoding: chunked", "Connection: close");
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * Enacts `fault` on the response's socket; returns what stops it (a hang's or a dribble's), to call
 * when the response closes or the mock is disposed.
 */
export function enactFault(
  fault: TransportFault,
  answer: MockAnswer,
  response: NodeResponseLike,
  schedule: Scheduler,
): (() => void) | undefined {
  // A pipelined request's response has no socket until the ones before it are sent: its request's.
  const socket = response.socket ?? response.req?.socket ?? undefined;
  switch (fault) {
    case "reset":
      if (socket?.resetAndDestroy !== undefined) socket.resetAndDestroy();
      else socket?.destroy();
      return undefined;
    case "empty":
      socket?.end();
      return undefined;
    case "malformed": {
      const body = bytesOf(answer.body);
      const half = body.subarray(0, Math.ceil(body.length / 2));
      socket?.write(`${chunkedHead(answer)}${half.length.toString(16)}\r\n`);
      socket?.write(half);
      // A chunk size must be hex digits: `zz` is none, so the client's parser fails here.
      socket?.write("\r\nzz\r\n");
      socket?.end();
      return undefined;
    }
    case "hang": {
      // Bounded: a client that never gives up does not hold its socket (and the request) for ever.
      const cancel = schedule(MAX_HANG_MS, () => socket?.destroy());
      return () => {
        cancel();
        socket?.destroy();
      };
    }
    case "dribble": {
      const { pieces, intervalMs } = dribblePieces(bytesOf(answer.body), answer.delayMs);
      response.writeHead(answer.status, answer.headers);
      if (pieces.length === 0) {
        response.end();
        return undefined;
      }
      // One timer at a time, each piece scheduling the next: a dribble holds one timer, not one per
      // piece (a 120 s dribble is 1,200 pieces; thousands of them pipelined were millions of timers).
      let cancel = (): void => {};
      const write = (i: number): void => {
        if (i === pieces.length - 1) return void response.end(pieces[i]);
        response.write?.(pieces[i]!);
        cancel = schedule(Math.round(intervalMs * (i + 1)) - Math.round(intervalMs * i), () => write(i + 1));
      };
      if (pieces.length === 1) cancel = schedule(Math.round(intervalMs), () => write(0));
      else write(0);
      return () => cancel();
    }
  }
}

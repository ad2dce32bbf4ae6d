// The faults of src/mock/faults.ts on a real socket, for the node mock: what a client of uvicorn
// behind a proxy meets. `reset` resets the TCP connection (ECONNRESET), `empty` closes it without a
// byte ("socket hang up"), `malformed` sends a status line and a chunked body that breaks off with a
// chunk size that is no number (a parse error), `hang` sends nothing until the client gives up (or
// the mock closes), `dribble` sends the headers at once and the body in pieces over its delay.
// (`gateway` is a plain answer: the core makes it.)
import { STATUS_CODES } from "node:http";
import type { MockAnswer } from "./core.js";
import { dribblePieces, type FaultName } from "./faults.js";
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
  fault: Exclude<FaultName, "gateway">,
  answer: MockAnswer,
  response: NodeResponseLike,
  schedule: Scheduler,
): (() => void) | undefined {
  const socket = response.socket ?? undefined;
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
    case "hang":
      return () => socket?.destroy();
    case "dribble": {
      const { pieces, intervalMs } = dribblePieces(bytesOf(answer.body), answer.delayMs);
      response.writeHead(answer.status, answer.headers);
      const cancels: (() => void)[] = [];
      pieces.forEach((piece, i) => {
        const last = i === pieces.length - 1;
        const write = (): void => {
          if (last) response.end(piece);
          else response.write?.(piece);
        };
        if (i === 0 && !last) write();
        else cancels.push(schedule(Math.round(intervalMs * i), write));
      });
      if (pieces.length === 0) response.end();
      return () => cancels.forEach((cancel) => cancel());
    }
  }
}

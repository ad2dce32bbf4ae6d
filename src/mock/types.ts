// The types the mock's modules share (the handler, its options and the console): in one module that
// imports no other part of the mock, so handler.ts, options.ts and console/index.ts never import
// each other in a circle.
import type { ToolkitError } from "../errors.js";

/**
 * Runs `send` after `delayMs` (later, never synchronously) and returns a function that cancels it.
 * The one place the mock reads the clock: a test injects its own and sees each delay asked for.
 */
export type Scheduler = (delayMs: number, send: () => void) => () => void;

/** What a reload of the data file came to: the new data's summary, or why it was refused. */
export type DataChangeEvent = { ok: true; summary: string } | { ok: false; error: ToolkitError };

/** The parts of node:http's ServerResponse the handler writes (`write` and `socket` for the faults). */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  end(body?: Uint8Array | string): unknown;
  once(event: "close", listener: () => void): unknown;
  write?(chunk: Uint8Array | string): unknown;
  socket?: SocketLike | null;
  /** The request answered (node:http sets it): its socket is the connection's before the response has it. */
  req?: { socket?: SocketLike | null } | undefined;
}

/** The parts of a net.Socket the faults use. */
export interface SocketLike {
  write(chunk: Uint8Array | string): unknown;
  end(): unknown;
  destroy(): unknown;
  resetAndDestroy?(): unknown;
}

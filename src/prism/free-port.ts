// Ports for Prism, which cannot listen on port 0 and report back: it needs a concrete number.
import { createServer } from "node:net";
import { listen } from "../io/listen.js";

/** Listens on `port` and closes again: resolves to the port actually bound, or throws E_PORT_IN_USE / E_LISTEN. */
async function probe(host: string, port: number): Promise<number> {
  const server = createServer();
  server.unref();
  const bound = await listen(server, port, host);
  await new Promise<void>((closed) => server.close(() => closed()));
  return bound;
}

/**
 * A port that was free a moment ago (listen on 0, read the port, close). Racy by nature: another
 * process may take it before Prism binds it. The window is a few milliseconds, and a lost race
 * shows up as E_PORT_IN_USE from Prism's own start-up, never as a hang.
 */
export const findFreePort = (host: string): Promise<number> => probe(host, 0);

/** Throws E_PORT_IN_USE now, with a clear message, rather than after Prism's slow start-up. */
export async function ensurePortFree(host: string, port: number): Promise<void> {
  await probe(host, port);
}

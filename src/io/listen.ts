// Listening on a host and port, with the two ways it fails as one-line named errors (a busy port,
// or anything else), for every server the toolkit starts: the mock, Prism's relay, the port probe.
import type { Server } from "node:net";
import { ToolkitError } from "../errors.js";

/** E_PORT_IN_USE for a taken port, E_LISTEN for any other failure to listen on `host`:`port`. */
export function listenError(error: NodeJS.ErrnoException, host: string, port: number): ToolkitError {
  if (error.code === "EADDRINUSE")
    return new ToolkitError("E_PORT_IN_USE", `port ${port} on ${host} is already in use (choose another with --port)`);
  return new ToolkitError("E_LISTEN", `cannot listen on ${host}:${port}: ${error.message}`, { cause: error });
}

/** Starts `server` listening; resolves to the port actually bound (the one picked for port 0). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => reject(listenError(error, host, port));
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    });
  });
}

// Servers a test starts on 127.0.0.1, port 0, and the afterEach that closes them all (open
// connections dropped): one copy for the reliability tests' hostile providers.
import type { Server } from "node:http";

const servers: Server[] = [];

/** Listens on 127.0.0.1, port 0, and registers `server` for closeTestServers. */
export async function listenForTest(server: Server): Promise<void> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
}

/** Closes every server listenForTest started (for afterEach). */
export async function closeTestServers(): Promise<void> {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
}

import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listen } from "./listen.js";

describe("listen", () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((done) => (s.listening ? s.close(() => done()) : done()))));
  });
  const server = (): ReturnType<typeof createServer> => {
    const s = createServer();
    servers.push(s);
    return s;
  };

  it("resolves to the port picked for port 0", async () => {
    const port = await listen(server(), 0, "127.0.0.1");
    expect(port).toBeGreaterThan(0);
  });

  it("names a taken port as E_PORT_IN_USE", async () => {
    const port = await listen(server(), 0, "127.0.0.1");
    await expect(listen(server(), port, "127.0.0.1")).rejects.toMatchObject({
      code: "E_PORT_IN_USE",
      message: `port ${port} on 127.0.0.1 is already in use (choose another with --port)`,
    });
  });

  it("names any other failure as E_LISTEN, with the host and port", async () => {
    // 192.0.2.1 (TEST-NET-1) is never an address of this machine: binding it fails.
    await expect(listen(server(), 0, "192.0.2.1")).rejects.toMatchObject({
      code: "E_LISTEN",
      message: /^cannot listen on 192\.0\.2\.1:0: /,
    });
  });
});

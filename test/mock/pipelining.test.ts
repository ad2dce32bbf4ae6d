// One connection may not hold the mock's memory (issue 39): a client pipelining thousands of
// `Prefer: fault=dribble, delay=120000` requests on one socket gets at most a bounded number of them
// read (the socket is paused past MAX_PENDING_PER_CONNECTION), while another client is answered at
// once; an honest pipeline still gets every answer; a hang holds its socket at most MAX_HANG_MS.
// Real clients on real sockets, the mock on port 0.
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createMockServer, startMockServer, type MockHttpServer, type RunningMockServer, type Scheduler } from "../../src/mock/index.js";
import { MAX_HELD_PER_CONNECTION, MAX_PENDING_PER_CONNECTION } from "../../src/mock/connection-bound.js";
import { MAX_HANG_MS } from "../../src/mock/faults.js";
import { APP_A, exampleDataset } from "./datasets.js";
import { manualScheduler } from "./manual-scheduler.js";

const LIST = `/evaluations?app_id=${APP_A}`;
const opened: Socket[] = [];
let mock: RunningMockServer | undefined;
let bare: MockHttpServer | undefined;

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy();
  await mock?.close();
  mock = undefined;
  if (bare !== undefined) {
    bare.closeAllConnections();
    await new Promise<void>((resolve) => bare!.close(() => resolve()));
    bare = undefined;
  }
});

/** A raw connection to the mock, closed after the test. */
function open(port: number): Socket {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => undefined); // the mock may close it: that is the point
  opened.push(socket);
  return socket;
}

/** A GET on its own connection: status and ms. */
function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A timer scheduler for the mock that counts the timers it holds (a dribble's pieces, a hang's bound, a delay). */
function countingScheduler(): { schedule: Scheduler; held: () => number } {
  let timers = 0;
  const schedule: Scheduler = (delayMs, send) => {
    timers++;
    let live = true;
    const timer = setTimeout(() => {
      live = false;
      timers--;
      send();
    }, delayMs);
    return () => {
      if (live) timers--;
      live = false;
      clearTimeout(timer);
    };
  };
  return { schedule, held: () => timers };
}

describe("one connection's pending requests are bounded", () => {
  // A dribble writes its head at once (node pauses a socket whose answers wait unsent), a hang writes
  // nothing (only the mock's bound pauses it).
  it.each([
    ["dribble", "fault=dribble, delay=120000"],
    ["hang", "fault=hang"],
  ])(
    "30,000 pipelined %s requests (as in issue 39): a bounded number read, memory bounded, another client answered at once",
    async (fault, prefer) => {
      // Counted from the log (one line per request read): the journal keeps only the last 1,000.
      let read = 0;
      const log = (line: string): void => {
        if (line.includes(`fault=${fault}`)) read++;
      };
      // The timers the mock holds (a dribble's pieces, a hang's bound).
      const timers = countingScheduler();
      mock = await startMockServer({ data: exampleDataset(), port: 0, console: false, log, schedule: timers.schedule });
      const line = `GET ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nPrefer: ${prefer}\r\n\r\n`;
      const count = 30_000;
      const rssBefore = process.memoryUsage().rss;
      const flood = open(mock.port);
      flood.write(line.repeat(count));
      // The mock reads what it reads of the flood (the journal notes each fault as it starts).
      await expect.poll(() => read, { timeout: 10_000 }).toBeGreaterThan(0);
      const other = await timedGet(`${mock.url}${LIST}`);
      const again = await timedGet(`${mock.url}${LIST}`);
      const rssGrowth = process.memoryUsage().rss - rssBefore;
      console.log(
        `pipelined ${count} ${fault} requests (${((line.length * count) / 1e6).toFixed(1)} MB): ${read} read, ` +
          `another client's GET ${other.ms.toFixed(0)} ms then ${again.ms.toFixed(0)} ms, ${timers.held()} timers held, RSS +${(rssGrowth / 1e6).toFixed(0)} MB`,
      );
      expect(other.status).toBe(200);
      // Answered at all: a mock stuck on the flood would never answer (past the test's timeout).
      expect(again.status).toBe(200);
      // The socket was paused: far fewer than sent were read, and never more than the hard bound.
      expect(read).toBeGreaterThanOrEqual(MAX_PENDING_PER_CONNECTION);
      expect(read).toBeLessThanOrEqual(MAX_HELD_PER_CONNECTION);
      // One timer per request at most (a dribble held one per piece: 1,200 for 120 s, 680,000 here).
      expect(timers.held()).toBeLessThanOrEqual(read);
      expect(rssGrowth).toBeLessThan(200 * 1024 * 1024);
    },
  );

  it("an honest pipeline of 2,000 plain GETs gets all 2,000 answers, in order (the paused socket resumes)", async () => {
    mock = await startMockServer({ data: exampleDataset(), port: 0, console: false });
    const count = 2_000;
    const socket = open(mock.port);
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (text += chunk));
    const lines = Array.from({ length: count }, (_, i) => `GET ${LIST}&n=${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    socket.write(lines.join(""));
    await expect.poll(() => text.split("HTTP/1.1 200 OK").length - 1, { timeout: 20_000 }).toBe(count);
    expect(mock.requests().at(-1)?.url).toBe(`${LIST}&n=${count - 1}`);
  });

  it("past the hard bound the connection is closed, its held requests let go, and the mock goes on", async () => {
    const lines: string[] = [];
    const timers = countingScheduler();
    bare = createMockServer({ data: exampleDataset(), console: false, log: (l) => lines.push(l), schedule: timers.schedule });
    await new Promise<void>((resolve) => bare!.listen(0, "127.0.0.1", resolve));
    const { port } = bare.address() as { port: number };
    // Tiny hangs (52 bytes; no app_id: a hang all the same): one read of 64 KiB holds about 1,250,
    // more than the hard bound.
    const line = `GET /evaluations?__fault=hang HTTP/1.1\r\nHost: a\r\n\r\n`;
    const flood = open(port);
    const closed = new Promise<void>((resolve) => flood.on("close", () => resolve()));
    flood.write(line.repeat(20_000));
    await closed;
    expect(lines.join("\n")).toContain(`more than ${MAX_HELD_PER_CONNECTION} requests not yet answered: closed`);
    // Every hang's bound is cancelled with its connection: pipelined ones never had the socket.
    await expect.poll(() => timers.held()).toBe(0);
    expect((await timedGet(`http://127.0.0.1:${port}${LIST}`)).status).toBe(200);
  });
});

describe("a hang is bounded", () => {
  it(`holds its socket ${MAX_HANG_MS} ms at most, then closes it without an answer`, async () => {
    const scheduler = manualScheduler();
    bare = createMockServer({ data: exampleDataset(), console: false, schedule: scheduler.schedule });
    await new Promise<void>((resolve) => bare!.listen(0, "127.0.0.1", resolve));
    const { port } = bare.address() as { port: number };
    const outcome = new Promise<string>((resolve) => {
      const req = request(`http://127.0.0.1:${port}${LIST}`, { agent: false, headers: { Prefer: "fault=hang" } }, () =>
        resolve("answered"),
      );
      req.on("error", (error) => resolve(error.message));
      req.end();
    });
    const held = await scheduler.next();
    expect(held.delayMs).toBe(MAX_HANG_MS);
    held.release();
    expect(await outcome).toBe("socket hang up");
  });

  it("a hang the client gives up first cancels its bound", async () => {
    const scheduler = manualScheduler();
    bare = createMockServer({ data: exampleDataset(), console: false, schedule: scheduler.schedule });
    await new Promise<void>((resolve) => bare!.listen(0, "127.0.0.1", resolve));
    const { port } = bare.address() as { port: number };
    const req = request(`http://127.0.0.1:${port}${LIST}`, { agent: false, headers: { Prefer: "fault=hang" } });
    req.on("error", () => undefined);
    req.end();
    const held = await scheduler.next();
    req.destroy();
    await expect.poll(() => held.cancelled).toBe(true);
  });
});

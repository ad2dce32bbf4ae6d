// spawnPrism waits for Prism's "listening" line, however long a loaded machine takes: the start-up
// timeout is only a bound for a Prism that never starts. A stand-in script plays Prism (it says it
// listens when told to, by a signal), and fake timers play the clock, so nothing here sleeps.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PRISM_START_TIMEOUT_MS, spawnPrism, type PrismProcess } from "../../src/prism/spawn-prism.js";

// Prints its pid, then "Prism is listening" on SIGUSR2; `exit N` as an argument exits at once instead.
const STAND_IN = `
const [mode, code] = process.argv.slice(2);
if (mode === "exit") {
  console.error("loading the document");
  console.error("Error: the stand-in gives up");
  process.exit(Number(code));
}
console.log("waiting " + process.pid);
process.on("SIGUSR2", () => console.log("[1:02:03 PM] › [CLI] ▶  start     Prism is listening on http://127.0.0.1:4321"));
setInterval(() => {}, 1 << 30);
`;

let dir: string;
let bin: string;
const started: PrismProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "spawn-prism-"));
  bin = join(dir, "prism-stand-in.cjs");
  await writeFile(bin, STAND_IN);
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(started.splice(0).map((prism) => prism.stop()));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Starts the stand-in; resolves its pid once it has printed it (the start-up is then under way). */
function startStandIn(startTimeoutMs?: number): { prism: Promise<PrismProcess>; pid: Promise<number> } {
  let told = (_pid: number): void => {};
  const pid = new Promise<number>((resolve) => (told = resolve));
  const prism = spawnPrism({
    bin,
    args: [],
    onLog: (line) => {
      const waiting = /^waiting (\d+)$/.exec(line);
      if (waiting) told(Number(waiting[1]));
    },
    ...(startTimeoutMs !== undefined ? { startTimeoutMs } : {}),
  });
  return { prism, pid };
}

describe("spawnPrism's start-up", () => {
  it("waits for the listening line past 30 s (a loaded CI box): the timeout is a generous bound", async () => {
    expect(PRISM_START_TIMEOUT_MS).toBeGreaterThanOrEqual(120_000);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { prism, pid } = startStandIn();
    let outcome: string | undefined;
    prism.then(
      () => (outcome = "listening"),
      (error: Error) => (outcome = error.message),
    );
    const child = await pid;
    vi.advanceTimersByTime(PRISM_START_TIMEOUT_MS - 1000);
    await Promise.resolve();
    expect(outcome).toBeUndefined();
    process.kill(child, "SIGUSR2");
    const running = await prism;
    started.push(running);
    expect(running.url).toBe("http://127.0.0.1:4321");
    expect(running.pid).toBe(child);
  });

  it("gives up with E_PRISM at the bound (startTimeoutMs) when Prism never says it listens", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { prism, pid } = startStandIn(5000);
    const failed = expect(prism).rejects.toMatchObject({
      code: "E_PRISM",
      message: "Prism did not say it is listening within 5 s: waiting " + String(await pid),
    });
    vi.advanceTimersByTime(5000);
    // stop(): SIGTERM ends the stand-in; its SIGKILL grace timer is a fake one.
    await failed;
  });

  it("fails at once with E_PRISM and Prism's last words when Prism exits before listening", async () => {
    const prism = spawnPrism({ bin, args: ["exit", "3"] });
    await expect(prism).rejects.toMatchObject({
      code: "E_PRISM",
      message: "Prism exited with code 3 before listening: Error: the stand-in gives up",
    });
  });
});

import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter.js";

describe("createLimiter", () => {
  it("never runs more than the cap at once, gives a freed slot to the first waiting task, and runs everything", async () => {
    const limit = createLimiter(3);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    // Tasks run until the test finishes them: concurrency is driven by events, not by timers.
    const starts = new EventEmitter();
    const startedCount = (n: number): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => {
          if (started.length < n) return;
          starts.off("start", check);
          resolve();
        };
        starts.on("start", check);
        check();
      });
    const done = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          active++;
          peak = Math.max(peak, active);
          started.push(i);
          await new Promise<void>((resolve) => {
            finish.set(i, resolve);
            starts.emit("start");
          });
          active--;
          return i;
        }),
      ),
    );
    await startedCount(3);
    expect(started).toEqual([0, 1, 2]);
    for (let n = 3; n < 20; n++) {
      // Finish the running tasks in an order unlike the one they started in.
      const running = [...finish.keys()];
      const next = running[n % running.length]!;
      finish.get(next)!();
      finish.delete(next);
      await startedCount(n + 1);
      expect(started[n]).toBe(n);
      expect(active).toBe(3);
    }
    for (const release of finish.values()) release();
    expect(await done).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
  });

  it("frees the slot of a failed task", async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit(() => Promise.resolve("next"))).resolves.toBe("next");
  });
});

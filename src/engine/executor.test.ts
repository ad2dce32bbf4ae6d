import { describe, expect, it, vi } from "vitest";
import { createExecutor } from "./executor.js";

const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("createExecutor", () => {
  it("pump runs at most `concurrency` at once and draws the source out", async () => {
    const executor = createExecutor({ concurrency: 3, source: "fuzz" });
    let inFlight = 0;
    let peak = 0;
    const done: number[] = [];
    let next = 0;
    const end = await executor.pump(
      () => (next < 20 ? next++ : undefined),
      async (n) => {
        peak = Math.max(peak, ++inFlight);
        await tick(2);
        inFlight--;
        done.push(n);
      },
    );
    expect(end).toBe("done");
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("pump starts nothing past the deadline, and stops when told", async () => {
    // The clock is the test's: each task takes 10 ms of it, however loaded the machine is.
    let now = 1000;
    const clock = vi.spyOn(performance, "now").mockImplementation(() => now);
    const soon = createExecutor({ concurrency: 2, deadline: now + 30, source: "fuzz" });
    let started = 0;
    const end = await soon.pump(
      () => 1,
      async () => {
        started++;
        await tick(0);
        now += 10;
      },
    );
    clock.mockRestore();
    expect(end).toBe("time-limit");
    // Two slots over 30 ms of 10 ms tasks: the first two, then one start per finished task until the deadline.
    expect(started).toBeGreaterThan(2);
    expect(started).toBeLessThanOrEqual(6);
    const told = createExecutor({ concurrency: 2, source: "fuzz" });
    let handled = 0;
    expect(
      await told.pump(
        () => 1,
        async () => void handled++,
        () => handled >= 5,
      ),
    ).toBe("stopped");
    expect(handled).toBeLessThanOrEqual(6);
  });

  it("run shares the same slots; observations are folded by what they showed", async () => {
    const executor = createExecutor({ concurrency: 1, source: "verify" });
    const order: string[] = [];
    await Promise.all(
      ["a", "b"].map((name) =>
        executor.run(async () => {
          order.push(`${name} start`);
          await tick(2);
          order.push(`${name} end`);
        }),
      ),
    );
    expect(order).toEqual(["a start", "a end", "b start", "b end"]);
    const request = { method: "GET", path: "/evaluations", query: [["app_id", "x"]] as Array<[string, string | null]> };
    const answer = { status: 200, headers: {}, text: "[]", bytes: 2, durationMs: 1 };
    executor.observe(request, { answer }, []);
    executor.observe(request, { answer }, []);
    executor.observe(request, { fault: { kind: "reset", message: "x", durationMs: 1 } });
    const observations = executor.observations();
    expect(observations).toHaveLength(1);
    expect(observations[0]).toMatchObject({ side: "provider", source: "verify", operationId: "listEvaluations", status: 200, count: 2 });
  });
});

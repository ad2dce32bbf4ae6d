import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter.js";

describe("createLimiter", () => {
  it("never runs more than the cap at once, and runs everything", async () => {
    const limit = createLimiter(3);
    let active = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("frees the slot of a failed task", async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit(() => Promise.resolve("next"))).resolves.toBe("next");
  });
});

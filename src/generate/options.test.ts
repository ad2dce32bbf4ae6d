// Record counts per app: pure arithmetic, every record accounted for, the empty apps where promised.
import { describe, expect, it } from "vitest";
import { ToolkitError } from "../errors.js";
import { recordCounts, resolveOptions, shareOut } from "./options.js";

describe("shareOut", () => {
  it.each([
    [100, 5, 4, [50, 17, 17, 16, 0]],
    [40, 5, 3, [20, 7, 7, 0, 6]],
    [7, 1, -1, [7]],
    [7, 2, 1, [7, 0]],
    [0, 3, 2, [0, 0, 0]],
    [3, 4, 3, [2, 1, 0, 0]],
  ])("shares %i records over %i apps (app %i empty)", (total, apps, empty, want) => {
    const counts = shareOut(total, apps, empty);
    expect(counts).toEqual(want);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe("recordCounts", () => {
  it("gives the last app no evaluations and the one before it no human evaluations", () => {
    const counts = recordCounts(resolveOptions({ seed: 1 }));
    expect(counts.evaluations).toEqual([50, 17, 17, 16, 0]);
    expect(counts.humanEvaluations).toEqual([20, 7, 7, 0, 6]);
  });
});

describe("resolveOptions", () => {
  it.each([
    [{ seed: -1 }, /seed/],
    [{ seed: 1.5 }, /seed/],
    [{ seed: 1, apps: 0 }, /apps/],
    [{ seed: 1, evaluations: -3 }, /evaluations/],
    [{ seed: 1, timestamps: "local" as never }, /timestamps/],
  ])("rejects %j with a usage error", (options, message) => {
    expect(() => resolveOptions(options)).toThrow(ToolkitError);
    expect(() => resolveOptions(options)).toThrow(message);
  });
});

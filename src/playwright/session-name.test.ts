import { describe, expect, it } from "vitest";
import { isSessionName } from "../mock/session-name.js";
import { mockSessionName } from "./session-name.js";

describe("mockSessionName", () => {
  it("is the worker's index and Playwright's test id (41 hex characters and a dash), a retry suffixed", () => {
    const testId = "4bb17c2992a2b9ccc470-42772066f14a5994f616";
    expect(mockSessionName({ workerIndex: 3, testId, retry: 0 })).toBe(`w3-${testId}`);
    expect(mockSessionName({ workerIndex: 3, testId, retry: 2 })).toBe(`w3-${testId}-r2`);
  });

  it.each([
    ["too long", "a".repeat(80)],
    ["characters the mock refuses", "file.spec.ts › a title / with spaces"],
    ["empty", ""],
  ])("hashes an id it could not use as it is (%s) into a name the mock takes, one per id and retry", (_what, testId) => {
    const names = [0, 1].map((retry) => mockSessionName({ workerIndex: 12, testId, retry }));
    for (const name of names) expect([name, isSessionName(name)]).toEqual([name, true]);
    expect(names[0]).not.toBe(names[1]);
    expect(mockSessionName({ workerIndex: 12, testId: `${testId}x`, retry: 0 })).not.toBe(names[0]);
  });
});

// One function maps a report to its exit code (src/report/exit-code-of.ts): every command's verdict
// becomes 0, 1 or 2 there, the same codes the commands gave before (test/cli, test/verify, test/fuzz pin them).
import { describe, expect, it } from "vitest";
import { exitCodeOf } from "../../src/report/index.js";

describe("exitCodeOf", () => {
  it.each([
    ["verify", "pass", false, 0],
    ["verify", "fail", false, 1],
    ["verify", "partial", false, 0],
    ["verify", "partial", true, 0],
    ["fuzz", "pass", true, 0],
    ["fuzz", "fail", false, 1],
    ["fuzz", "partial", false, 2],
    ["fuzz", "partial", true, 1],
    ["coverage", "fail", false, 1],
    ["drift", "pass", false, 0],
    ["validate", "fail", true, 1],
  ] as const)("%s %s (strict %s) exits %i", (tool, verdict, strict, code) => {
    expect(exitCodeOf({ tool, verdict, strict })).toBe(code);
  });
});

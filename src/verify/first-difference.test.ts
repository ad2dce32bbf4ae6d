import { describe, expect, it } from "vitest";
import { firstDifference } from "./first-difference.js";

describe("firstDifference", () => {
  it.each([
    ["equal, key order aside", { a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }, undefined],
    ["a changed leaf", { a: { b: [1, 2] } }, { a: { b: [1, 3] } }, "$.a.b[1]"],
    ["a missing key", { a: 1, b: 2 }, { a: 1 }, "$.b"],
    ["an extra key", { a: 1 }, { a: 1, "odd key": 2 }, '$["odd key"]'],
    ["array lengths", { a: [1] }, { a: [1, 2] }, "$.a"],
    ["null against an object", { a: null }, { a: {} }, "$.a"],
    ["number against string", [1], ["1"], "$[0]"],
  ])("%s", (_, left, right, path) => {
    expect(firstDifference(left, right)?.path).toBe(path);
  });
});

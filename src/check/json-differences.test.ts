import { describe, expect, it } from "vitest";
import { differences, firstDifference } from "./json-differences.js";

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

describe("differences", () => {
  it("lists every place up to the limit, keys in sorted order, an array's length after its items", () => {
    const left = { z: 1, b: [1, 2, 3], a: { x: "s", y: null } };
    const right = { z: 2, b: [1, 9], a: { x: "t" }, c: true };
    expect(differences(left, right).map((d) => d.path)).toEqual(["$.a.x", "$.a.y", "$.b[1]", "$.b", "$.c", "$.z"]);
    expect(differences(left, right, 2).map((d) => d.path)).toEqual(["$.a.x", "$.a.y"]);
    expect(differences(left, left)).toEqual([]);
    expect(differences(1, 1, 10, "$[3]")).toEqual([]);
    expect(differences({ a: 1 }, { a: 2 }, 10, "$[3]")).toEqual([{ path: "$[3].a", left: 1, right: 2 }]);
  });
});

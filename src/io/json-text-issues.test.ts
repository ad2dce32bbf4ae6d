import { describe, expect, it } from "vitest";
import { jsonTextIssues } from "./json-text-issues.js";

describe("jsonTextIssues", () => {
  it.each([
    ["no issue", `[{"id":"a","n":1e3,"s":"x\\"y"}]`, []],
    ["a key twice", `[{"id":"a"},{"id":"a","status":"X","status":"Y"}]`, [["duplicate-key", "$[1].status", "status"]]],
    ["an escaped key twice", `{"a\\u0062":1,"ab":2}`, [["duplicate-key", "$.ab", "ab"]]],
    ["keys in different objects", `{"a":{"k":1},"b":{"k":1}}`, []],
    ["1e400", `[{"n":1},{"n":1e400}]`, [["number-out-of-range", "$[1].n", "1e400"]]],
    ["-1e400 in an array", `{"xs":[1,-1e400]}`, [["number-out-of-range", "$.xs[1]", "-1e400"]]],
    ["a key that is not an identifier", `{"a b":1,"a b":2}`, [["duplicate-key", '$["a b"]', "a b"]]],
  ])("%s", (_name, text, want) => {
    JSON.parse(text);
    expect(jsonTextIssues(text).issues.map((i) => [i.kind, i.path, i.text])).toEqual(want);
  });

  it("keeps the first `limit` issues and counts the rest", () => {
    const text = `[${Array.from({ length: 5 }, () => `{"a":1,"a":2}`).join(",")}]`;
    expect(jsonTextIssues(text, 2)).toMatchObject({ more: 3, issues: [{ path: "$[0].a" }, { path: "$[1].a" }] });
  });
});

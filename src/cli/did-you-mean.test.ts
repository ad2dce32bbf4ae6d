import { describe, expect, it } from "vitest";
import { didYouMean, editDistance } from "./did-you-mean.js";

describe("didYouMean", () => {
  it.each([
    ["--strikt", "--strict"],
    ["--jsno", "--json"],
    ["--base-ulr", "--base-url"],
    ["--no-pac", "--no-pact"],
    ["--app", "--app-id"],
    ["--completely-different", undefined],
    ["--x", undefined],
  ])("%s -> %s", (typed, meant) => {
    expect(didYouMean(typed, ["--strict", "--json", "--base-url", "--no-pact", "--app-id", "--help"])).toBe(meant);
  });

  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("abcd", "abdc")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });
});

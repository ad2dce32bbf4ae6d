import { describe, expect, it } from "vitest";
import { didYouMean, editDistance } from "./did-you-mean.js";
import { MAX_SUGGESTED_LENGTH } from "../did-you-mean.js";

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

describe("didYouMean on hostile input", () => {
  // Its time (target < 500 ms) is `npm run bench -- targets did-you-mean`.
  it("refuses a 500 KB text: no suggestion, whatever the candidates", () => {
    const names = ["--strict", "--json", "x".repeat(100)];
    expect(didYouMean("x".repeat(500_000), names)).toBeUndefined();
    expect(didYouMean(`--strict${"t".repeat(500_000)}`, names)).toBeUndefined();
  });

  it("still suggests up to the bound, and never for a text past it", () => {
    const long = "a".repeat(MAX_SUGGESTED_LENGTH - 1);
    expect(didYouMean(`${long}b`, [`${long}c`])).toBe(`${long}c`);
    expect(didYouMean(`${long}bb`, [`${long}bc`])).toBeUndefined();
  });
});

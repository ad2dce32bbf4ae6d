import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { meetsTimestampExpectation, patternExpectationRule, TIMESTAMP_EXPECTED, timestampRule } from "./describe-errors.js";

const schema = JSON.parse(readFileSync(new URL("../../schemas/Timestamp.json", import.meta.url), "utf8")) as {
  pattern: string;
  "x-expected": { pattern: string };
};

/** Timestamps of every form the service sends, broken in every way one character can break them. */
function samples(): string[] {
  // A fixed linear congruential sequence: the same samples every run.
  let seed = 34;
  const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const bases = [
    "2024-05-17T10:54:19.123000",
    "2024-05-17T10:54:19.123000Z",
    "2024-05-17T10:54:19z",
    "2024-05-17 10:54:19.123000+00:00",
    "2024-05-17T10:54:19-0530",
    "2024-05-17T10:54:19+05",
    "2024-05-17T10:54:19.1+05:3",
    "xxxxxxxxxxTZ",
    "xxxxxxxxxxT",
    "2024-05-17",
    "",
  ];
  const alphabet = ["T", "Z", "z", "+", "-", ":", "0", "9", " ", "\n", "\r", "\u2028", "\u2029", '"', "\\", "é", "a"];
  const out = [...bases];
  for (const base of bases)
    for (let k = 0; k < 200; k++) {
      const at = Math.floor(random() * (base.length + 1));
      const c = alphabet[Math.floor(random() * alphabet.length)]!;
      const op = Math.floor(random() * 3);
      out.push(
        op === 0
          ? base.slice(0, at) + c + base.slice(at)
          : op === 1
            ? base.slice(0, at) + c + base.slice(at + 1)
            : base.slice(0, at) + base.slice(at + 1),
      );
    }
  return out;
}

describe("the Timestamp's expectation without a regexp", () => {
  it("is the schema's x-expected pattern", () => {
    expect(TIMESTAMP_EXPECTED).toBe(schema["x-expected"].pattern);
  });

  it("meetsTimestampExpectation answers as the pattern does", () => {
    const pattern = new RegExp(TIMESTAMP_EXPECTED);
    const all = samples();
    expect(all.length).toBeGreaterThan(2000);
    for (const text of all) expect(meetsTimestampExpectation(text), JSON.stringify(text)).toBe(pattern.test(text));
  });

  it("patternExpectationRule knows the rule of a string show() quotes whole with a digit, and of nothing else", () => {
    const quotedAsIs = /^[\x20\x21\x23-\x5b\x5d-\x7e]{0,58}$/;
    for (const text of [...samples(), "1".repeat(58), "1".repeat(59), "no digit"]) {
      const known = patternExpectationRule(text);
      expect(known !== undefined, JSON.stringify(text)).toBe(quotedAsIs.test(text) && /\d/.test(text));
    }
    // What the Timestamp pattern accepts is always such a string: its rule is known (timestampRule).
    const contract = new RegExp(schema.pattern);
    const accepted = samples().filter((text) => contract.test(text));
    expect(accepted.length).toBeGreaterThan(100);
    for (const text of accepted) expect(patternExpectationRule(text), text).toEqual(timestampRule(text));
    expect(patternExpectationRule("2024-05-17T10:54:19")?.[0]).toBe("naive-timestamp");
    expect(patternExpectationRule("2024-05-17 10:54:19Z")?.[0]).toBe("timestamp-separator");
  });
});

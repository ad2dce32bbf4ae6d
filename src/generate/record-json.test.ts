import { describe, expect, it } from "vitest";
import { numberText } from "./record-json.js";
import { Rng } from "./rng.js";

describe("numberText", () => {
  it("prints what String prints: rounded costs and latencies, ratios, unit floats, edge values", () => {
    const rng = new Rng(7);
    const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;
    const values = [0, 1, 10, 1e-6, 9.9e-7, 1e-7, 0.1, 0.3, 1 / 3, 2 / 3, 99_999_999.9999999, 1e8, 1e21, 123.4567, -0.5, 5e-324];
    for (let i = 0; i < 20_000; i++) {
      values.push(round(rng.next() * 0.02, 7), round(rng.next() * 200, 7), round(rng.next() * 40, 4), rng.next(), rng.between(0, 97) / 97);
    }
    for (const value of values) expect(numberText(value), String(value)).toBe(String(value));
  });
});

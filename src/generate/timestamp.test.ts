// formatTimestamp is hand-written date arithmetic: hold it equal to Date's own UTC formatting.
import { describe, expect, it } from "vitest";
import { civilFromDays, formatTimestamp } from "./timestamp.js";
import { Rng } from "./rng.js";

describe("formatTimestamp", () => {
  const rng = new Rng(1);
  const samples = [
    0,
    Date.UTC(2024, 1, 29, 23, 59, 59, 999),
    Date.UTC(2024, 2, 1),
    Date.UTC(2000, 1, 29, 12),
    Date.UTC(1999, 11, 31, 23, 59, 59, 1),
    ...Array.from({ length: 2000 }, () => rng.int(Date.UTC(2100, 0, 1))),
  ];

  it("matches Date#toISOString in all three formats, written as Python's isoformat() (no fraction when it is 0)", () => {
    for (const ms of [...samples, Date.UTC(2024, 4, 17, 10, 54, 19), Date.UTC(2024, 4, 17, 10, 54, 19, 1)]) {
      const iso = new Date(ms).toISOString(); // 2024-05-17T10:54:19.123Z
      const naive = ms % 1000 === 0 ? iso.slice(0, 19) : `${iso.slice(0, 23)}000`;
      expect(formatTimestamp(ms, "naive")).toBe(naive);
      expect(formatTimestamp(ms, "utc")).toBe(`${naive}Z`);
      expect(formatTimestamp(ms, "space-offset")).toBe(`${naive.replace("T", " ")}+00:00`);
    }
    expect(formatTimestamp(Date.UTC(2024, 4, 17, 10, 54, 19), "naive")).toBe("2024-05-17T10:54:19");
    expect(formatTimestamp(Date.UTC(2024, 4, 17, 10, 54, 19, 120), "naive")).toBe("2024-05-17T10:54:19.120000");
  });

  it("converts day counts to civil dates across leap years", () => {
    expect(civilFromDays(0)).toEqual([1970, 1, 1]);
    expect(civilFromDays(Date.UTC(2024, 1, 29) / 86_400_000)).toEqual([2024, 2, 29]);
    expect(civilFromDays(Date.UTC(2100, 2, 1) / 86_400_000)).toEqual([2100, 3, 1]);
  });
});

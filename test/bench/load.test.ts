// The benchmarks' reading of wrk (bench/lib/load.ts) and their median and spread (bench/lib/rounds.ts):
// a misread figure would be printed as a met or missed target. The outputs are wrk 4.1.0's own
// (Debian's), recorded against local servers: test/bench/wrk-output/.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseWrk } from "../../bench/lib/load.js";
import { alternate, median, quantile } from "../../bench/lib/rounds.js";

const recorded = (name: string): string => readFileSync(new URL(`./wrk-output/${name}.txt`, import.meta.url), "utf8");

describe("parseWrk", () => {
  it("reads requests per second from the request count and the run's duration", () => {
    expect(parseWrk(recorded("ok"))).toBeCloseTo(53404 / 1.1, 6);
  });

  it("counts 404 and 422 answers: they are the answers measured", () => {
    expect(parseWrk(recorded("non-2xx"))).toBeCloseTo(51628 / 1.1, 6);
  });

  it("refuses a run with socket errors, naming them", () => {
    expect(() => parseWrk(recorded("socket-errors"))).toThrow("wrk: socket errors: connect 0, read 2180, write 0, timeout 0");
  });

  it("refuses output without a summary", () => {
    expect(() => parseWrk("unable to connect to 127.0.0.1:4391 Connection refused\n")).toThrow(/wrk printed no summary: unable to connect/);
  });
});

describe("rounds", () => {
  it("takes medians and quartiles between neighbours", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3.25);
  });

  it("alternates anchor and subject and reports the median ratio and the middle half", async () => {
    const order: string[] = [];
    const subject = [50, 40, 45, 60, 30];
    let round = 0;
    const r = await alternate(5, async (which) => {
      order.push(which);
      return which === "anchor" ? 50 : subject[round++]!;
    });
    expect(order.join(" ")).toBe("anchor subject subject anchor anchor subject subject anchor anchor subject");
    expect(r.rounds.map((x) => x.ratio)).toEqual([1, 0.8, 0.9, 1.2, 0.6]);
    expect(r.medianRatio).toBe(0.9);
    expect(r.ratioSpread).toEqual([0.8, 1]);
  });
});

// The console's request log: a ring of the last requests, oldest first, `?after=ID` for newer ones.
import { describe, expect, it } from "vitest";
import { createRequestLog } from "./request-log.js";

const entry = (n: number) => ({ method: "GET", url: `/evaluations?app_id=${n}`, status: 200, ms: n / 10, note: "" });

describe("request log", () => {
  it("keeps the last `size` requests, oldest first, with increasing ids and ISO times", () => {
    const log = createRequestLog(3);
    const ids = [1, 2, 3, 4, 5].map((n) => log.add(Date.UTC(2026, 10, 23, 10, 0, n), entry(n)));
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(log.list().map((r) => [r.id, r.url, r.at])).toEqual([
      [3, "/evaluations?app_id=3", "2026-11-23T10:00:03.000Z"],
      [4, "/evaluations?app_id=4", "2026-11-23T10:00:04.000Z"],
      [5, "/evaluations?app_id=5", "2026-11-23T10:00:05.000Z"],
    ]);
  });

  it("answers `after` with only the newer ones (none after the newest; the kept ones after an evicted id)", () => {
    const log = createRequestLog(3);
    for (let n = 1; n <= 5; n++) log.add(n, entry(n));
    expect(log.list(4).map((r) => r.id)).toEqual([5]);
    expect(log.list(5)).toEqual([]);
    expect(log.list(1).map((r) => r.id)).toEqual([3, 4, 5]);
    expect(createRequestLog(3).list()).toEqual([]);
  });
});

// The progress bar draws on a terminal only, never into a pipe or a file.
import { describe, expect, it } from "vitest";
import { createProgressBar } from "./progress-bar.js";

const sink = (isTTY: boolean) => {
  const writes: string[] = [];
  return { isTTY, columns: 80, writes, write: (text: string) => writes.push(text) };
};

describe("createProgressBar", () => {
  it("draws nothing when the stream is not a terminal", () => {
    const stream = sink(false);
    const bar = createProgressBar(stream, 100, "fixtures", 0, 0);
    bar.update(50);
    bar.finish();
    expect(stream.writes).toEqual([]);
  });

  it("draws on a terminal once the run is long enough, and ends the line", () => {
    const stream = sink(true);
    const bar = createProgressBar(stream, 200, "fixtures", 0, 0);
    bar.update(50);
    bar.finish();
    expect(stream.writes[0]).toMatch(/^\rfixtures \[#+-+\] {2}25% 50\/200$/);
    expect(stream.writes.at(-2)).toMatch(/100% 200\/200$/);
    expect(stream.writes.at(-1)).toBe("\n");
  });

  it("ends the line without claiming 100% when the run stopped early", () => {
    const stream = sink(true);
    const bar = createProgressBar(stream, 200, "fixtures", 0, 0);
    bar.update(50);
    bar.finish(false);
    expect(stream.writes).toHaveLength(2);
    expect(stream.writes[0]).toMatch(/25% 50\/200$/);
    expect(stream.writes[1]).toBe("\n");
  });

  it("stays silent for short runs (before the delay)", () => {
    const stream = sink(true);
    let clock = 0;
    const bar = createProgressBar(stream, 200, "fixtures", 500, 0, () => clock);
    clock = 499;
    bar.update(100);
    bar.finish();
    expect(stream.writes).toEqual([]);
  });

  it("draws once the delay has passed, then at most once per interval", () => {
    const stream = sink(true);
    let clock = 1_000;
    const bar = createProgressBar(stream, 200, "fixtures", 500, 100, () => clock);
    const drawsAt = (ms: number, done: number): number => {
      clock = ms;
      const before = stream.writes.length;
      bar.update(done);
      return stream.writes.length - before;
    };
    expect([drawsAt(1_499, 10), drawsAt(1_500, 20), drawsAt(1_599, 30), drawsAt(1_600, 40), drawsAt(1_650, 50)]).toEqual([0, 1, 0, 1, 0]);
    expect(stream.writes.at(-1)).toMatch(/20% 40\/200$/);
  });
});

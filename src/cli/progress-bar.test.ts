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
    const bar = createProgressBar(stream, 200, "fixtures", 60_000, 0);
    bar.update(100);
    bar.finish();
    expect(stream.writes).toEqual([]);
  });
});

// The builders are deterministic: a test file's sequence of calls gives the same records in every
// fresh module state (each test file's, each run's), `seed` picks a record of that sequence, and
// nothing reads the clock or Math.random.
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as Build from "../../src/build/index.js";

/** The build entry as a fresh test file gets it: module state (the sequences) new. */
async function freshBuild(): Promise<typeof Build> {
  vi.resetModules();
  return import("../../src/build/index.js");
}

/** What a test file might build, in order. */
function someCalls(build: typeof Build): unknown[] {
  return [
    build.buildEvaluation(),
    build.buildEvaluation({}, { case: "evaluation-status-failed" }),
    build.buildHumanEvaluation({}, { case: "human-unfinished" }),
    build.buildEvaluation({ app_id: "65e48be31b48af5e4a2d9bf1" }, { case: ["evaluation-null-aggregate", "evaluation-deleted-variant"] }),
    build.buildDataset({ evaluations: [{}, {}], human_evaluations: [{}] }),
    ...build.EVALUATION_CASE_IDS.map((id) => build.buildEvaluation({}, { case: id })),
    ...build.HUMAN_EVALUATION_CASE_IDS.map((id) => build.buildHumanEvaluation({}, { case: id })),
  ];
}

afterEach(() => vi.restoreAllMocks());

describe("the builders", () => {
  it("give the same records for the same calls in two fresh module states", async () => {
    const first = JSON.stringify(someCalls(await freshBuild()));
    const second = JSON.stringify(someCalls(await freshBuild()));
    expect(second).toBe(first);
    // Pinned: a change of the records' make-up is a change of every user's snapshots (CHANGELOG it).
    expect(JSON.parse(first)[0]).toMatchObject({
      id: "66786c8f07009d8a3b9000f0",
      variant_names: ["app.llama3-70b"],
      created_at: "2024-06-23T18:42:23.813000",
    });
  });

  it("number each builder's calls 1, 2, 3...: `seed: n` is the n-th call's record; rewindSequence starts again", async () => {
    const build = await freshBuild();
    const sequence = [build.buildEvaluation(), build.buildHumanEvaluation(), build.buildEvaluation(), build.buildEvaluation()];
    expect(sequence).toEqual([
      build.buildEvaluation({}, { seed: 1 }),
      build.buildHumanEvaluation({}, { seed: 1 }),
      build.buildEvaluation({}, { seed: 2 }),
      build.buildEvaluation({}, { seed: 3 }),
    ]);
    // A seed given leaves the sequence where it was.
    expect(build.buildEvaluation()).toEqual(build.buildEvaluation({}, { seed: 4 }));
    build.rewindSequence();
    expect(build.buildEvaluation()).toEqual(sequence[0]);
    expect(build.buildHumanEvaluation()).toEqual(sequence[1]);
  });

  it("give different seeds different ids, unique across thousands of records", async () => {
    const build = await freshBuild();
    const ids = new Set<string>();
    for (let seed = 0; seed < 3000; seed++) ids.add(build.buildEvaluation({}, { seed, case: "evaluation-status-started" }).id);
    expect(ids.size).toBe(3000);
  });

  it("never read the clock nor Math.random", async () => {
    const build = await freshBuild();
    const clock = vi.spyOn(Date, "now").mockImplementation(() => {
      throw new Error("Date.now read");
    });
    const random = vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random read");
    });
    const records = someCalls(build);
    expect(records.length).toBeGreaterThan(20);
    expect(clock).not.toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
  });
});

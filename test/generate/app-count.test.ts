// The cost of a run follows its records, not its --apps: apps without records are never built.
import { describe, expect, it } from "vitest";
import { generateDataset } from "../../src/generate/index.js";
import { planRecords } from "../../src/generate/records.js";

describe("many apps, few records", () => {
  // Its time (target < 1 s) is `npm run bench -- targets fixtures-apps`.
  it("builds no pool for an app without records (65,535 apps, no records)", () => {
    const plan = planRecords({ seed: 1, apps: 65_535, evaluations: 0, humanEvaluations: 0 });
    expect(plan.pools).toHaveLength(0);
  });

  it("builds the pools of the apps that get records, and they are the same apps", () => {
    const plan = planRecords({ seed: 1, apps: 65_535, evaluations: 3, humanEvaluations: 0 });
    expect(plan.pools.length).toBeLessThanOrEqual(3);
    const few = generateDataset({ seed: 1, apps: 65_535, evaluations: 3, humanEvaluations: 0 });
    expect(few.evaluations).toHaveLength(3);
    expect(new Set(few.evaluations.map((e) => e.app_id)).size).toBe(plan.pools.length);
  });
});

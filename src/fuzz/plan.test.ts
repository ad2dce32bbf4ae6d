import { describe, expect, it } from "vitest";
import { bindRequest, planAll, planRequests, planSize, targetOf } from "./plan.js";
import { MALFORMED_IDS, ODD_ACCEPTS, OTHER_METHODS } from "./odd-values.js";

describe("the fuzz plan", () => {
  it("is the same for the same seed and different for another", () => {
    expect(planAll({ seed: 7, maxRequests: 600 })).toEqual(planAll({ seed: 7, maxRequests: 600 }));
    const other = planAll({ seed: 8, maxRequests: 600 });
    expect(other.slice(260).map(targetOf)).not.toEqual(planAll({ seed: 7, maxRequests: 600 }).slice(260).map(targetOf));
  });

  it("starts with the discovery requests, then every boundary class once, then random ones", () => {
    const plan = planAll({ seed: 1, maxRequests: 1000 });
    expect(plan.slice(0, 2).map((r) => [r.phase, targetOf(r)])).toEqual([
      ["discovery", "/evaluations?app_id={app}"],
      ["discovery", "/human-evaluations?app_id={app}"],
    ]);
    const phases = plan.map((r) => r.phase);
    expect(phases.lastIndexOf("boundary")).toBeLessThan(phases.indexOf("random"));
    const labels = new Set(plan.filter((r) => r.phase === "boundary").map((r) => `${r.operationId} ${r.label}`));
    for (const value of MALFORMED_IDS) {
      expect(labels).toContain(`getHumanEvaluation evaluation_id: ${value.name}`);
      expect(labels).toContain(`listEvaluations app_id: ${value.name}`);
    }
    for (const method of OTHER_METHODS) expect(labels).toContain(`listHumanEvaluations method: ${method}`);
    expect([...labels].filter((l) => l.startsWith("getHumanEvaluation accept:"))).toHaveLength(ODD_ACCEPTS.length);
    for (const label of [
      "app_id: repeated",
      "app_id: array-style",
      "app_id: operator brackets",
      "app_id: operator object",
      "app_id: upper-case",
      "app_id: empty",
    ])
      expect(labels).toContain(`listEvaluations ${label}`);
    expect(plan).toHaveLength(1000);
    expect(plan.map((r) => r.index)).toEqual(plan.map((_, i) => i));
  });

  it("sends no write with more than a few bytes of body", () => {
    for (const request of planAll({ seed: 3, maxRequests: 3000 })) expect((request.body ?? "").length).toBeLessThanOrEqual(2);
  });

  it("shards partition the plan; every shard sends the discovery requests", () => {
    const all = planAll({ seed: 5, maxRequests: 500 });
    const shards = [1, 2, 3].map((index) => planRequests({ seed: 5, maxRequests: 500, shard: { index, total: 3 } }));
    for (const shard of shards) expect(shard.slice(0, 2).map((r) => r.phase)).toEqual(["discovery", "discovery"]);
    const rest = shards.map((s) => s.filter((r) => r.phase !== "discovery").map((r) => r.index));
    const union = rest.flat().sort((a, b) => a - b);
    expect(union).toEqual(all.filter((r) => r.phase !== "discovery").map((r) => r.index));
    expect(new Set(union).size).toBe(union.length);
    expect(shards[1]!.find((r) => r.index === 4)).toEqual(all[4]);
  });

  it("binds the placeholders to encoded values", () => {
    const request = {
      path: "/human-evaluations/{RECORD}",
      query: [
        ["app_id", "%20{app}"],
        ["x", null],
      ] as Array<[string, string | null]>,
    };
    const bound = bindRequest(request, { app: "a b", record: "667e1b0ad1812781f7e37701" });
    expect(targetOf(bound)).toBe("/human-evaluations/667E1B0AD1812781F7E37701?app_id=%20a%20b&x");
  });

  it("counts the plan and its floor without drawing it, per shard too", () => {
    for (const maxRequests of [2, 100, 230, 600, 1000])
      for (const shard of [undefined, { index: 1, total: 3 }, { index: 3, total: 3 }, { index: 2, total: 7 }]) {
        const plan = planRequests({ seed: 9, maxRequests, ...(shard === undefined ? {} : { shard }) });
        const size = planSize({ seed: 9, maxRequests, ...(shard === undefined ? {} : { shard }) });
        expect(size.planned, `${maxRequests} ${JSON.stringify(shard)}`).toBe(plan.length);
        // The floor is the whole discovery and boundary phases (this shard's share), even past --max-requests.
        const whole = planRequests({ seed: 9, maxRequests: 300, ...(shard === undefined ? {} : { shard }) });
        expect(size.floor).toBe(whole.filter((r) => r.phase !== "random").length);
      }
  });
});

import { describe, expect, it } from "vitest";
import { checkDocument } from "../check/check-resource.js";
import { generateDataset } from "../generate/index.js";
import { addListConformanceFindings } from "./checks/conformance.js";
import { createFindingList } from "./finding-list.js";
import { withLazyBody, type ParsedAnswer } from "./parsed-answer.js";
import type { ProviderFinding } from "./finding.js";

describe("createFindingList", () => {
  const finding = (rule: string, path: string): ProviderFinding => ({
    check: "conformance",
    severity: "warning",
    rule,
    path,
    message: `m ${path}`,
  });

  it("keeps the first `limit`, then counts the rest per rule after the first of each", () => {
    const list = createFindingList(2);
    ["$[0]", "$[1]", "$[2]", "$[3]"].forEach((path) => list.add(finding("null-optional", path)));
    // countOnly: false until the rule's first past the bound exists, then true and counted.
    const fresh = createFindingList(1);
    fresh.add(finding("a", "$[0]"));
    expect(fresh.countOnly("warning", "b")).toBe(false);
    fresh.add(finding("b", "$[1]"));
    expect(fresh.countOnly("warning", "b")).toBe(true);
    expect(fresh.findings().at(-1)).toMatchObject({ rule: "b", path: "$[1]", omitted: 1 });
    expect(list.findings().map((f) => [f.path, f.omitted])).toEqual([
      ["$[0]", undefined],
      ["$[1]", undefined],
      ["$[2]", 1],
    ]);
    expect(createFindingList(5).countOnly("warning", "a")).toBe(false);
  });

  it("a long list's conformance findings are the same whether the counted ones are built or not", async () => {
    // Realistic records warn several times each (the real service's nulls and naive timestamps); past
    // 1,000 records the walk goes on after a turn of the event loop, its paths counted on.
    const { evaluations } = generateDataset({ seed: 3, apps: 1, evaluations: 1200, humanEvaluations: 0 });
    const text = JSON.stringify(evaluations);
    const answer = withLazyBody(
      { request: "GET /evaluations?app_id=a", status: 200, headers: {}, text, durationMs: 1 },
      text,
    ) as ParsedAnswer;
    const walked = createFindingList(5000);
    await addListConformanceFindings(walked, "listEvaluations", answer);
    const built = createFindingList(5000);
    for (const f of checkDocument("Evaluation", evaluations))
      built.add({ check: "conformance", ...f, operation: "listEvaluations", request: "GET /evaluations?app_id=a" });
    expect(checkDocument("Evaluation", evaluations).length).toBeGreaterThan(1200);
    expect(walked.findings()).toEqual(built.findings());
  });
});

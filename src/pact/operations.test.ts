// Filing pact interactions under the service's operations.
import { describe, expect, it } from "vitest";
import { PACT_INTERACTIONS } from "./contract.js";
import { operationForPath, operationResolver, readCommittedPacts } from "./operations.js";

describe("operationForPath", () => {
  it.each([
    ["/evaluations", "listEvaluations"],
    ["/evaluations/?app_id=x", "listEvaluations"],
    ["/human-evaluations", "listHumanEvaluations"],
    ["/human-evaluations/667e1b0ad1812781f7e37701", "getHumanEvaluation"],
    ["/human-evaluations/667e1b0ad1812781f7e37701/", "getHumanEvaluation"],
    ["/human-evaluations/a/b", undefined],
    ["/apps", undefined],
  ])("%s -> %s", (path, operation) => {
    expect(operationForPath(path)).toBe(operation);
  });
});

describe("operationResolver", () => {
  it("knows the committed contract's interactions from their request paths", async () => {
    const { files, operations } = await readCommittedPacts();
    expect(files.every((f) => f.endsWith(".json"))).toBe(true);
    for (const [operationId, { description }] of Object.entries(PACT_INTERACTIONS)) expect(operations.get(description)).toBe(operationId);
  });

  it("falls back to the toolkit's own descriptions, then to the wording", () => {
    const resolve = operationResolver(new Map());
    expect(resolve(PACT_INTERACTIONS.getHumanEvaluation.description)).toBe("getHumanEvaluation");
    expect(resolve("a request for a single human evaluation")).toBe("getHumanEvaluation");
    expect(resolve("a request for the human evaluations")).toBe("listHumanEvaluations");
    expect(resolve("a request for evaluations")).toBe("listEvaluations");
  });
});

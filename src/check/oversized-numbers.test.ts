import { describe, expect, it } from "vitest";
import { EVALUATION_EXAMPLES } from "../contract/examples.js";
import { checkResource } from "./check-resource.js";
import { checkResponse } from "./check-response.js";
import { show } from "./describe-errors.js";
import {
  jsonForMessage,
  OVERSIZED_NEGATIVE_NUMBER,
  OVERSIZED_NUMBER,
  oversizedNumberRestorer,
  restoreOversizedNumbers,
} from "./oversized-numbers.js";

const evaluation = (): Record<string, unknown> => JSON.parse(JSON.stringify(EVALUATION_EXAMPLES[0])) as Record<string, unknown>;
/** The JSON text of an Evaluation whose `key` is written as `raw` (a number JSON.parse cannot hold). */
const evaluationText = (key: string, raw: string): string => JSON.stringify({ ...evaluation(), [key]: "@@" }).replace('"@@"', raw);

describe("jsonForMessage", () => {
  it.each<[string, unknown, string | undefined]>([
    ["a string", "x", '"x"'],
    ["a finite number", 1.5, "1.5"],
    ["null", null, "null"],
    ["undefined", undefined, undefined],
    ["Infinity", Infinity, OVERSIZED_NUMBER],
    ["-Infinity", -Infinity, OVERSIZED_NEGATIVE_NUMBER],
    ["NaN", NaN, "NaN"],
    ["Infinity in an array", [1, Infinity, "a"], `[1,${OVERSIZED_NUMBER},"a"]`],
    ["both in an object", { a: -Infinity, b: { c: Infinity } }, `{"a":${OVERSIZED_NEGATIVE_NUMBER},"b":{"c":${OVERSIZED_NUMBER}}}`],
    ["an object without one", { a: [1, null] }, '{"a":[1,null]}'],
  ])("%s", (_name, value, want) => {
    expect(jsonForMessage(value)).toBe(want);
  });

  it("is what show() uses: never null for a number JSON.parse made of 1e400", () => {
    expect(show(JSON.parse("1e400"))).toBe(OVERSIZED_NUMBER);
    expect(show(JSON.parse("[-1e400]"))).toBe(`[${OVERSIZED_NEGATIVE_NUMBER}]`);
  });
});

describe("restoreOversizedNumbers", () => {
  const finding = (path: string, message: string) => ({ severity: "error" as const, path, rule: "type", message });
  it.each<[string, string, string, Array<[string, string]>, string]>([
    ["at the finding's path", "$[0].id", `must be string, got ${OVERSIZED_NUMBER}`, [["$[0].id", "1e400"]], "must be string, got 1e400"],
    ["negative", "$.x", `got ${OVERSIZED_NEGATIVE_NUMBER}`, [["$.x", "-1E+400"]], "got -1E+400"],
    [
      "inside the value, in order",
      "$.a",
      `got array [${OVERSIZED_NUMBER},${OVERSIZED_NEGATIVE_NUMBER}]`,
      [
        ["$.ab", "9e999"],
        ["$.a[0]", "1e400"],
        ["$.a[1]", "-2e400"],
      ],
      "got array [1e400,-2e400]",
    ],
    ["not a sibling with a longer name", "$.a", `got ${OVERSIZED_NUMBER}`, [["$.ab", "1e400"]], `got ${OVERSIZED_NUMBER}`],
    ["a sign that does not match stays", "$.a", `got ${OVERSIZED_NUMBER}`, [["$.a", "-1e400"]], `got ${OVERSIZED_NUMBER}`],
    ["no text known", "$.a", `got ${OVERSIZED_NUMBER}`, [], `got ${OVERSIZED_NUMBER}`],
    ["no placeholder", "$.a", "must be string, got number", [["$.a", "1e400"]], "must be string, got number"],
  ])("%s", (_name, path, message, numbers, want) => {
    const restored = restoreOversizedNumbers(
      finding(path, message),
      numbers.map(([p, text]) => ({ path: p, text })),
    );
    expect(restored.message).toBe(want);
  });

  it("restores from the JSON text, scanned only when a finding needs it", () => {
    const restore = oversizedNumberRestorer('[{"id":1e400}]');
    expect(restore(finding("$[0].id", `must be string, got ${OVERSIZED_NUMBER}`)).message).toBe("must be string, got 1e400");
    const plain = finding("$[0].x", "must be string, got number");
    expect(restore(plain)).toBe(plain);
  });
});

describe("the checker shows a number too large for a double as sent, never as null", () => {
  it("a type error names the number (the value alone)", () => {
    const findings = checkResource("Evaluation", { ...evaluation(), id: JSON.parse("1e400") as unknown });
    expect(findings).toContainEqual(
      expect.objectContaining({ path: "$.id", rule: "type", message: `must be string, got ${OVERSIZED_NUMBER}` }),
    );
    expect(JSON.stringify(findings)).not.toMatch(/got (number )?null/);
  });

  it.each([
    ["id", "1e400", "$[0].id", "must be string, got 1e400"],
    ["id", "-1e400", "$[0].id", "must be string, got -1e400"],
    ["app_id", "123e4567", "$[0].app_id", "must be string, got 123e4567"],
  ])("checkResponse of a body with %s: %s", (key, raw, path, message) => {
    const body = `[${evaluationText(key, raw)}]`;
    const findings = checkResponse("listEvaluations", { status: 200, headers: { "content-type": "application/json" }, body });
    expect(findings).toContainEqual({ severity: "error", path, rule: "type", message });
  });

  it("show() cuts a long value before a placeholder, never inside it", () => {
    const shown = show(["a".repeat(40), Infinity, -Infinity]);
    expect(shown).toBe(`["${"a".repeat(40)}",...`);
    expect(show([1, Infinity, "b".repeat(60)])).toBe(`[1,${OVERSIZED_NUMBER},"${"b".repeat(21)}...`);
  });

  it("checkResponse shows a number inside a shown value as written", () => {
    const record = evaluation();
    const results = record.aggregated_results as Array<Record<string, unknown>>;
    results[0] = { ...results[0], evaluator_config: "@@" };
    const body = `[${JSON.stringify(record).replace('"@@"', "[1e400,-1e999]")}]`;
    const findings = checkResponse("listEvaluations", { status: 200, headers: { "content-type": "application/json" }, body });
    expect(findings).toContainEqual(
      expect.objectContaining({
        path: "$[0].aggregated_results[0].evaluator_config",
        message: expect.stringMatching(/got array \[1e400,\.\.\.$/),
      }),
    );
  });
});

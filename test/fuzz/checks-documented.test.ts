// Every fuzz check has its line in the "Fuzz checks" table of docs/rules.md, with the severities its
// module can give (read from the module: `severity: "error"` / `"warning"` literals).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FUZZ_CHECKS } from "../../src/fuzz/index.js";

const doc = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8");
const section = doc.split(/^# Fuzz checks$/m)[1] ?? "";
const documented = new Map([...section.matchAll(/^\| `([a-z-]+)` +\| ([^|]+?) +\|/gm)].map((m) => [m[1]!, m[2]!]));

const severitiesIn = (check: string): string => {
  const text = readFileSync(new URL(`../../src/fuzz/checks/${check}.ts`, import.meta.url), "utf8");
  const found = new Set(
    [...text.matchAll(/severity(?:: |\s*=\s*)(?:[^"\n]*\? )?"(error|warning)"(?: : "(error|warning)")?/g)]
      .flatMap((m) => [m[1], m[2]])
      .filter(Boolean),
  );
  if (/warning\(/.test(text)) found.add("warning");
  return found.size === 2 ? "error or warning" : [...found][0]!;
};

describe("docs/rules.md: fuzz checks", () => {
  it("documents every check, and nothing else", () => {
    expect([...documented.keys()].sort()).toEqual([...FUZZ_CHECKS].sort());
  });
  for (const check of FUZZ_CHECKS)
    it(`${check}: the documented severity is the one its module gives`, () => {
      expect(documented.get(check)).toBe(severitiesIn(check));
    });
});

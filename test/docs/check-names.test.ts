// The pages that show verify's report name its checks as the report does: every check in a report
// line (`FAIL  name (1 error)`, `ok: a, b`), a JUnit test case (`name="GET ...: name"`) and the
// baseline's list of checks is one the engine or the verifier runs (read from the sources, as
// test/engine/rules-documented.test.ts reads them), so a renamed check cannot stay in the docs.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exitCodeForError } from "../../src/cli/exit-codes.js";
import { CHECK_NAMES } from "../../src/engine/checks/index.js";
import { ToolkitError } from "../../src/errors.js";

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

const verifySources = readdirSync(new URL("../../src/verify/", import.meta.url), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => read(`src/verify/${file}`));
const KNOWN = new Set<string>([
  ...CHECK_NAMES,
  ...verifySources.flatMap((text) => [...text.matchAll(/\bcheck: "([a-z-]+)"/g)].map((m) => m[1]!)),
]);

/** A check as the report names it: a bare name, or a Pact interaction (`pact: a request to ...`). */
const isKnown = (name: string): boolean => name.startsWith("pact: ") || KNOWN.has(name);

/** The checks a page's report excerpts and JUnit names show. */
function checksShown(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/^\s*(?:FAIL|warn|ok|skip) {2,4}([a-z][a-z-]*(?:: [^(\n]+?)?)(?: \(|$)/gm)) names.push(m[1]!.trim());
  for (const m of text.matchAll(/ {2}ok: ([a-z, -]+)$/gm)) names.push(...m[1]!.split(", "));
  for (const m of text.matchAll(/name="GET [^"]*?\}: ([a-z-]+)"/g)) names.push(m[1]!);
  return names;
}

describe("check names in the docs", () => {
  it("knows the checks the sources run", () => {
    expect(KNOWN).toContain("filter-bypass");
    expect(KNOWN).toContain("same-record-as-list");
    expect(
      checksShown('  FAIL  filter-bypass (1 error)\nGET /x  ok: trailing-slash, missing-app-id\n(`name="GET /e?app_id={app_id}: leak"`)'),
    ).toEqual(["filter-bypass", "trailing-slash", "missing-app-id", "leak"]);
  });

  it.each(["README.md", "docs/verify.md", "docs/reports.md"])("%s shows only checks that exist", (page) => {
    const shown = checksShown(read(page));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((name) => !isKnown(name))).toEqual([]);
  });

  it("docs/verify.md's exit codes say an app with no records is E_EMPTY_APP (exit 2) unless --allow-empty-app", () => {
    const exits = /^Exit codes: ([\s\S]*?)\n\n/m.exec(read("docs/verify.md"))?.[1] ?? "";
    expect(exitCodeForError(new ToolkitError("E_EMPTY_APP", "app x has no records"))).toBe(2);
    const two = exits.slice(exits.indexOf("**2**"));
    expect(two).toContain("`E_EMPTY_APP`");
    expect(two).toContain("`--allow-empty-app`");
    expect(exits.slice(0, exits.indexOf("**1**"))).not.toMatch(/without\s+evaluations\s+or\s+human\s+evaluations\s+conforms/);
  });

  it("docs/baseline.md lists only checks that exist", () => {
    const listed = /the check that found it: ((?:`[a-z-]+`, )+)/.exec(read("docs/baseline.md"))?.[1];
    expect(listed).toBeDefined();
    const names = [...listed!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    expect(names.filter((name) => !isKnown(name))).toEqual([]);
  });
});

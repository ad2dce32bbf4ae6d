// docs/mock.md's listing of startMockServer's types names every option and member that
// src/mock/options.ts declares, in its order, and no other: a new option cannot go undocumented.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** The member names of `interface NAME { ... }` in `text` (two-space indented, as both are written). */
function members(text: string, name: string): string[] {
  const body = new RegExp(`interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`).exec(text)?.[1];
  expect(body, `interface ${name}`).toBeDefined();
  return [...body!.matchAll(/^ {2}(\w+)\??[:(]/gm)].map((m) => m[1]!);
}

describe("docs/mock.md's startMockServer listing", () => {
  const source = read("src/mock/options.ts");
  const page = read("docs/mock.md");

  it.each(["MockServerOptions", "RunningMockServer"])("lists every member of %s, in the source's order", (name) => {
    const declared = members(source, name);
    expect(declared.length).toBeGreaterThan(3);
    expect(members(page, name)).toEqual(declared);
  });
});

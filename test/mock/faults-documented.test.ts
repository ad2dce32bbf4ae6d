// Every fault is where a user looks for it: `mock --help`, docs/mock.md's table and docs/msw.md's (where
// the README's frontend tour points), one row each, and no row for a fault that does not exist; the README
// names each.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FAULTS } from "../../src/mock/index.js";
import { runCliCaptured } from "../helpers/run-cli.js";

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const rows = (text: string): string[] => [...text.matchAll(/^\| `([a-z]+)` +\|/gm)].map((match) => match[1]!);
const section = (text: string, start: string, end: string): string =>
  text.slice(text.indexOf(start), text.indexOf(end, text.indexOf(start)));

describe("the faults are documented", () => {
  it("docs/mock.md has a row for each, in order", () => {
    expect(rows(section(read("docs/mock.md"), "## Faults", "\n## "))).toEqual([...FAULTS]);
  });

  it("docs/msw.md has a row for each, in order", () => {
    expect(rows(section(read("docs/msw.md"), "## Faults", "\n## "))).toEqual([...FAULTS]);
  });

  it("the README's frontend tour names each, in order, and links to docs/msw.md's table", () => {
    const line = /^.*\[docs\/msw\.md\]\(docs\/msw\.md#faults\).*$/m.exec(read("README.md").replace(/\n(?!\n)/g, " "))?.[0] ?? "";
    const named = [...line.matchAll(/`([a-z]+)`/g)]
      .map((match) => match[1]!)
      .filter((name) => (FAULTS as readonly string[]).includes(name));
    expect(named).toEqual([...FAULTS]);
  });

  it("mock --help lists each with what it does", async () => {
    const help = await runCliCaptured(["mock", "--help"]);
    expect(help.code).toBe(0);
    const listed = section(help.stdout, "Faults (", "\n\n");
    expect([...listed.matchAll(/^ {2}([a-z]+) +\S/gm)].map((match) => match[1])).toEqual([...FAULTS]);
    expect(help.stdout).toContain("Prefer: fault=NAME");
    expect(help.stdout).toContain("?__fault=NAME");
  });
});

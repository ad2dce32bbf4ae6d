// docs/build.md says what the builders do: every case id has its line, the Vitest + MSW example is
// the code test/build/msw-example.test.ts runs, and the README points to the page.
import { readFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { EVALUATION_CASE_IDS, HUMAN_EVALUATION_CASE_IDS } from "../../src/build/index.js";

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const page = read("docs/build.md");

describe("docs/build.md", () => {
  it("has a line for every case id, and no other", () => {
    const rows = [...page.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]);
    expect(rows).toEqual([...EVALUATION_CASE_IDS, ...HUMAN_EVALUATION_CASE_IDS]);
  });

  it("shows the Vitest + MSW example that test/build/msw-example.test.ts runs", async () => {
    const block = /^```ts\n\/\/ src\/evaluations\.test\.ts\n([\s\S]*?)^```$/m.exec(page)?.[1];
    expect(block).toBeDefined();
    const test = read("test/build/msw-example.test.ts")
      .replace(/^(\/\/.*\n)+/, "")
      .replaceAll('"../../src/build/index.js"', '"evals-contract/build"')
      .replaceAll('"../../src/msw/index.js"', '"evals-contract/msw"');
    // Formatted as the page formats it (the package's names are shorter than the paths: lines wrap otherwise).
    const options = { ...(await resolveConfig(new URL("../../docs/build.md", import.meta.url))), parser: "typescript" };
    expect(block).toBe(await format(test, options));
  });

  it("is where the README points for the builders, whose frontend tour uses them", () => {
    const readme = read("README.md");
    expect(readme).toContain("[builders](docs/build.md)");
    expect(readme).toContain('from "evals-contract/build"');
  });
});

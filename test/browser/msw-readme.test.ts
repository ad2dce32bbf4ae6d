// docs/browser.md's code (the README's front page links there) is the code test/browser/msw-browser.test.ts
// runs: each block labelled `// examples/<file>` is that file, byte for byte, or with `(excerpt)` a run of
// its lines; the three steps are there, and each example is shown.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./msw-project.js";

const section = readFileSync(join(ROOT, "docs/browser.md"), "utf8");
const blocks = [...section.matchAll(/^```ts\n\/\/ (examples\/\S+)( \(excerpt\))?\n([\s\S]*?)^```$/gm)].map((match) => ({
  file: match[1]!,
  excerpt: match[2] !== undefined,
  code: match[3]!,
}));

describe("docs/browser.md: MSW in the browser", () => {
  it("has the three steps", () => {
    expect(section).toContain("1. `npm i -D msw`");
    expect(section).toContain("2. `npx msw init public --save`");
    expect(section).toContain("await setupWorker(...createMswHandlers()).start();");
  });

  it("shows the page, the Storybook preview and story, and the Playwright spec", () => {
    expect(blocks.map((block) => block.file)).toEqual([
      "examples/browser/src/main.ts",
      "examples/storybook/.storybook/preview.ts",
      "examples/storybook/src/evaluation-list.stories.ts",
      "examples/playwright/evaluations.spec.ts",
    ]);
  });

  it.each(blocks)("$file: the page's code is the example's", ({ file, excerpt, code }) => {
    const source = readFileSync(join(ROOT, file), "utf8");
    if (excerpt) expect(source.includes(code), `docs/browser.md's excerpt is not in ${file}:\n${code}`).toBe(true);
    else expect(code).toBe(source);
  });
});

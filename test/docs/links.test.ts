// Every link of README.md and docs/ leads somewhere: a relative link to a file of the repository (not
// outside it), an anchor to a heading (or an explicit id) that the page has, as GitHub makes them; a
// path in code written relative to the page (`../x.md`) names a file of the repository too. No network:
// web addresses are left alone.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const markdownUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? markdownUnder(join(dir, entry.name)) : entry.name.endsWith(".md") ? [join(dir, entry.name)] : [],
  );

const PAGES = ["README.md", ...markdownUnder("docs")];

/** The text without fenced code blocks and inline code, where brackets are code, not links. */
const prose = (text: string): string =>
  text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, " "))
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, (code) => code.replace(/[^\n]/g, " "));

/** Link targets: inline `[text](target "title")`, reference definitions `[id]: target`, and HTML href/src. */
export function linksOf(text: string): string[] {
  const body = prose(text);
  const targets: string[] = [];
  for (const m of body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!);
  for (const m of body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) targets.push(m[1]!);
  for (const m of body.matchAll(/\s(?:href|src)="([^"]+)"/g)) targets.push(m[1]!);
  return targets;
}

/** Paths in inline code written relative to the page (`./x`, `../x`): the reader follows them as links. */
export const codePaths = (text: string): string[] =>
  [...text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").matchAll(/`(\.\.?\/[\w./-]+)`/g)].map((m) => m[1]!);

/** GitHub's anchor for a heading: lower case, no punctuation but `-` and `_`, spaces as `-`. */
export const slug = (heading: string): string =>
  heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");

/** The anchors a page offers: each heading's slug (a repeated one numbered -1, -2...) and explicit ids. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const body = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const m of body.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]!);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of body.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function brokenLinks(page: string): string[] {
  const text = readFileSync(join(ROOT, page), "utf8");
  const broken: string[] = [];
  for (const target of [...linksOf(text), ...codePaths(text)]) {
    if (EXTERNAL.test(target)) continue;
    const [pathPart = "", anchor] = target.split("#", 2);
    const file = pathPart === "" ? join(ROOT, page) : resolve(ROOT, dirname(page), decodeURIComponent(pathPart));
    const inside = relative(ROOT, file);
    if (pathPart.startsWith("/") || inside.startsWith(`..${sep}`) || inside === "..") {
      broken.push(`${target}: outside the repository`);
      continue;
    }
    if (!existsSync(file)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && anchor !== "" && statSync(file).isFile() && file.endsWith(".md")) {
      if (!anchorsOf(readFileSync(file, "utf8")).has(decodeURIComponent(anchor).toLowerCase()))
        broken.push(`${target}: no heading #${anchor} in ${inside}`);
    }
  }
  return broken;
}

describe("links in README.md and docs/", () => {
  it("finds the pages and their links", () => {
    expect(PAGES).toContain("README.md");
    expect(PAGES).toContain(join("docs", "verify.md"));
    expect(PAGES.reduce((n, page) => n + linksOf(readFileSync(join(ROOT, page), "utf8")).length, 0)).toBeGreaterThan(50);
  });

  it.each(PAGES)("%s: every relative link is a file of the repository, every anchor a heading", (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it("the checker itself: reads links, skips code, slugs as GitHub does, and catches what it should", () => {
    const text = "# A `code` Title: here!\n## Same\n## Same\n[a](x.md#b) `[no](code.md)`\n```\n[no](fence.md)\n```\n[r]: ref.md\n";
    expect(linksOf(text)).toEqual(["x.md#b", "ref.md"]);
    expect(codePaths("see `../shared/notes.md` and `src/x.ts`")).toEqual(["../shared/notes.md"]);
    expect([...anchorsOf(text)]).toEqual(["a-code-title-here", "same", "same-1"]);
    expect(slug("MockServerOptions (`startMockServer`)")).toBe("mockserveroptions-startmockserver");
  });
});

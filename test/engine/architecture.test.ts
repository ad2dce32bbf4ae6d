// docs/architecture.md states only what is true: its table of who imports whom is read here and
// compared with every import (runtime and type) of every module of src/, part by part.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../../src/", import.meta.url));
const doc = readFileSync(new URL("../../docs/architecture.md", import.meta.url), "utf8");

const partOf = (file: string): string => (file.includes("/") ? file.split("/")[0]! : "(root)");

function actualImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of readdirSync(src, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const part = partOf(file);
    const text = readFileSync(join(src, file), "utf8");
    for (const [, spec] of text.matchAll(/\bfrom "(\.[^"]+)"/g)) {
      const target = partOf(relative(src, normalize(join(dirname(join(src, file)), spec!))));
      if (target !== part) graph.set(part, (graph.get(part) ?? new Set()).add(target));
    }
  }
  return graph;
}

function documentedImports(): Map<string, Set<string>> {
  const table = doc.split("<!-- imports:start -->")[1]?.split("<!-- imports:end -->")[0] ?? "";
  return new Map(
    [...table.matchAll(/^\| `([^`]+)` +\| ([^|]+?) +\|$/gm)].map(([, part, list]) => [part!, new Set(list!.split(", ").filter(Boolean))]),
  );
}

describe("docs/architecture.md", () => {
  it("its table of who imports whom is the code's", () => {
    const show = (graph: Map<string, Set<string>>) =>
      Object.fromEntries(
        [...graph].sort(([a], [b]) => a.localeCompare(b)).map(([part, targets]) => [part, [...targets].sort().join(", ")]),
      );
    expect(show(documentedImports())).toEqual(show(actualImports()));
  });

  it("the commands import the parts' indexes only", () => {
    // run.ts, loaded by every command and by --help, imports escape-control.ts alone: the checker's
    // index would load the validators at every start.
    const deep: string[] = [];
    for (const file of readdirSync(join(src, "cli"), { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file === "run.ts") continue;
      const text = readFileSync(join(src, "cli", file), "utf8");
      for (const [, spec] of text.matchAll(/\bfrom "(\.[^"]+)"/g)) {
        const target = relative(src, normalize(join(src, "cli", dirname(file), spec!)));
        if (target.startsWith("cli/") || !target.includes("/")) continue;
        if (!target.endsWith("/index.js")) deep.push(`cli/${file}: ${spec}`);
      }
    }
    expect(deep).toEqual([]);
  });
});

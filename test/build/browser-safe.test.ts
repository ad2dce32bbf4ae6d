// evals-contract/build runs in browsers: no module it loads (its runtime import graph, type-only
// imports left out as the compiler leaves them out) imports a Node built-in or faker, or reads the
// clock or Math.random. Fast, from the sources; test/browser/entries.test.ts bundles the entry with
// Vite and measures it.
import { builtinModules } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
const NODE = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Runtime import specifiers of a module: `import type` and `export type` are erased. */
function runtimeImports(text: string): string[] {
  const specs: string[] = [];
  for (const [statement, spec] of text.matchAll(/^(?:import|export)\s[^;]*?\bfrom\s+"([^"]+)";/gms))
    if (!/^(?:import|export)\s+type\s/.test(statement!)) specs.push(spec!);
  for (const [, spec] of text.matchAll(/^import\s+"([^"]+)";/gm)) specs.push(spec!);
  for (const [, spec] of text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) specs.push(spec!);
  return specs;
}

/** Every module of src/ the entry loads, and every package or built-in import on the way (with its importer). */
function graph(entry: string): { modules: string[]; external: string[] } {
  const modules = new Set<string>();
  const external: string[] = [];
  const visit = (file: string): void => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const spec of runtimeImports(readFileSync(file, "utf8"))) {
      if (spec.startsWith(".")) visit(join(dirname(file), spec.replace(/\.js$/, ".ts")));
      else external.push(`${spec} (from ${relative(SRC, file)})`);
    }
  };
  visit(join(SRC, entry));
  return { modules: [...modules].map((file) => relative(SRC, file)).sort(), external };
}

describe("evals-contract/build's import graph", () => {
  const { modules, external } = graph("build/index.ts");

  it("reaches no Node built-in and no package at all (faker included)", () => {
    expect(external.filter((line) => NODE.has(line.split(" ")[0]!))).toEqual([]);
    expect(external.filter((line) => line.includes("faker"))).toEqual([]);
    expect(external).toEqual([]);
  });

  it("is its own modules, the errors-only checker and the generator's faker-free helpers", () => {
    expect(modules.filter((m) => !m.startsWith("build/"))).toEqual(
      [
        "check/describe-errors.ts",
        "check/escape-control.ts",
        "check/finding.ts",
        "check/format-findings.ts",
        "check/oversized-numbers.ts",
        "check/precompiled/errors.ts",
        "check/record-errors.ts",
        "check/validator-runtime.ts",
        "check/warning-keywords.ts",
        "check/warning-sink.ts",
        "check/date-time.ts",
        "check/parallel-arrays.ts",
        "contract/statuses.ts",
        "did-you-mean.ts",
        "errors.ts",
        "generate/evaluator-kinds.ts",
        "generate/object-id.ts",
        "generate/rng.ts",
        "generate/time-window.ts",
        "generate/timestamp.ts",
        "generate/tracebacks.ts",
        "io/json-depth.ts",
        "io/json-text-issues.ts",
        "types/json.ts",
      ].sort(),
    );
  });

  it("reads neither the clock nor Math.random in any of them", () => {
    const offenders = modules.filter((m) => /\bDate\.now\(|new Date\(\)|\bMath\.random\(/.test(readFileSync(join(SRC, m), "utf8")));
    expect(offenders).toEqual([]);
  });
});

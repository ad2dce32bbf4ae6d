// The browser entries carry nothing of Node: the root entry's browser build (src/index.browser.ts),
// `evals-contract/msw` and `evals-contract/build` are bundled by Vite for the browser, and any import
// of a Node built-in (`node:fs`, `fs`, ...) on the way fails the build, naming the importer. The
// default dataset must stay a chunk of its own, so a page that passes its own data never downloads
// it; the builders stay within their budget (issue 32: at most 15 kB gzipped; issue 39: 16 kB, for the
// check of their input, src/build/json-data.ts, about 0.9 kB).
import { builtinModules } from "node:module";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Plugin, type Rollup } from "vite";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Records every import of a Node built-in, with its importer. */
function noNodeBuiltins(found: string[]): Plugin {
  return {
    name: "no-node-builtins",
    enforce: "pre",
    resolveId(id, importer) {
      if (id.startsWith("node:") || NODE_BUILTINS.has(id)) found.push(`${id} imported by ${importer?.replace(ROOT, "") ?? "?"}`);
      return null;
    },
  };
}

async function bundle(entry: string): Promise<{ nodeImports: string[]; chunks: Rollup.OutputChunk[] }> {
  const outDir = await mkdtemp(join(tmpdir(), "evals-contract-entries-"));
  const nodeImports: string[] = [];
  try {
    const output = (await build({
      configFile: false,
      logLevel: "silent",
      root: ROOT,
      plugins: [noNodeBuiltins(nodeImports)],
      build: {
        outDir,
        write: false,
        minify: true,
        lib: { entry: join(ROOT, entry), formats: ["es"], fileName: "entry" },
        rollupOptions: { external: [/^msw(\/|$)/] },
      },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const outputs = Array.isArray(output) ? output : [output];
    const chunks = outputs.flatMap((o) => o.output).filter((o): o is Rollup.OutputChunk => o.type === "chunk");
    return { nodeImports, chunks };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

describe("browser entries", () => {
  it("the root entry's browser build (the checker) imports no Node built-in", async () => {
    const { nodeImports, chunks } = await bundle("src/index.browser.ts");
    expect(nodeImports).toEqual([]);
    expect(chunks.map((c) => c.code).join("")).toContain("checkResponse");
  }, 60_000);

  it("evals-contract/msw imports no Node built-in, and the default dataset is a chunk of its own", async () => {
    const { nodeImports, chunks } = await bundle("src/msw/index.ts");
    expect(nodeImports).toEqual([]);
    const entry = chunks.find((c) => c.isEntry)!;
    const lazy = chunks.filter((c) => !c.isEntry);
    // The records of the default dataset are only in the lazy chunk.
    expect(entry.code).not.toContain('human_evaluations":[');
    expect(lazy.some((c) => c.code.includes("EVALUATION_FINISHED") && c.code.length > 100_000)).toBe(true);
    // The generator's faker (a 450 kB locale) stays out: the live mode imports generator modules for
    // their pure helpers only (issue 26's bundle bench caught a module-level faker instance once).
    expect(chunks.flatMap((c) => Object.keys(c.modules)).filter((id) => id.includes("@faker-js"))).toEqual([]);
    // One lazy chunk of its own (msw, external here, is the other dynamic import: see src/msw/load-msw.ts).
    expect(entry.dynamicImports.filter((file) => lazy.some((chunk) => chunk.fileName === file))).toHaveLength(1);
  }, 60_000);

  it("evals-contract/build imports no Node built-in and no faker, and is at most 16 kB gzipped", async () => {
    const { nodeImports, chunks } = await bundle("src/build/index.ts");
    expect(nodeImports).toEqual([]);
    expect(chunks.flatMap((c) => Object.keys(c.modules)).filter((id) => id.includes("@faker-js") || id.includes("node_modules"))).toEqual(
      [],
    );
    expect(chunks).toHaveLength(1);
    const code = chunks[0]!.code;
    expect(code).toContain("buildEvaluation");
    const gzipped = gzipSync(code).length;
    console.info(`evals-contract/build: ${(code.length / 1024).toFixed(1)} kB minified, ${(gzipped / 1024).toFixed(1)} kB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(16 * 1024);
  }, 60_000);

  it("evals-contract/mock-client imports no Node built-in and nothing of the mock's core, and is small", async () => {
    const { nodeImports, chunks } = await bundle("src/mock-client/index.ts");
    expect(nodeImports).toEqual([]);
    const modules = chunks.flatMap((c) => Object.keys(c.modules));
    // Only what a client needs: no core, no scenarios, no dataset index, no dependency.
    expect(modules.filter((id) => /src\/mock\/(core|scenarios|dataset-index|handler)\.ts|node_modules/.test(id))).toEqual([]);
    expect(chunks).toHaveLength(1);
    const gzipped = gzipSync(chunks[0]!.code).length;
    console.info(`evals-contract/mock-client: ${(gzipped / 1024).toFixed(1)} kB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(8 * 1024);
  }, 60_000);
});

// The browser bundle of what a page takes from the toolkit: the MSW handlers (evals-contract/msw) and
// the checker (the root entry's browser build), built by Vite as a user's page is, minified, msw
// itself left out (it is the page's own dependency) and the default dataset apart (a lazy chunk a page
// with its own data never loads). Issue 26: at most 100 KB gzipped. And the record builders
// (evals-contract/build) alone, as a story or a test page imports them. Issue 32: at most 15 KB gzipped.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Rollup } from "vite";

export interface BundleFigures {
  /** Minified and gzipped bytes of the page's own chunks (handlers and checker). */
  minified: number;
  gzipped: number;
  /** The default dataset's lazy chunk, apart. */
  datasetGzipped: number;
}

/** The chunks Vite makes of a page whose source is `lines`, minified, msw left out. */
async function buildPage(root: string, lines: string[]): Promise<Rollup.OutputChunk[]> {
  const dir = await mkdtemp(join(tmpdir(), "evals-bench-bundle-"));
  try {
    const entry = join(dir, "page.ts");
    await writeFile(entry, lines.join("\n"));
    const output = (await build({
      configFile: false,
      logLevel: "silent",
      root,
      build: {
        outDir: join(dir, "out"),
        write: false,
        minify: true,
        lib: { entry, formats: ["es"], fileName: "page" },
        rollupOptions: { external: [/^msw(\/|$)/] },
      },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    return (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o): o is Rollup.OutputChunk => o.type === "chunk");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const gz = (code: string): number => gzipSync(code).length;

export async function benchBrowserBundle(root: string): Promise<BundleFigures> {
  // What a page writes: handlers for MSW's worker, and the checker on the answers.
  const chunks = await buildPage(root, [
    `import { createMswHandlers } from ${JSON.stringify(join(root, "src/msw/index.ts"))};`,
    `import { checkResponse } from ${JSON.stringify(join(root, "src/index.browser.ts"))};`,
    `export const handlers = createMswHandlers();`,
    `export const check = checkResponse;`,
  ]);
  const isDataset = (chunk: Rollup.OutputChunk): boolean =>
    !chunk.isEntry && chunk.code.includes("human_evaluations") && chunk.code.length > 100_000;
  const own = chunks.filter((c) => !isDataset(c));
  const dataset = chunks.filter(isDataset);
  return {
    minified: own.reduce((n, c) => n + Buffer.byteLength(c.code), 0),
    gzipped: own.reduce((n, c) => n + gz(c.code), 0),
    datasetGzipped: dataset.reduce((n, c) => n + gz(c.code), 0),
  };
}

/** Minified and gzipped bytes of a page that uses every builder (evals-contract/build), nothing else. */
export async function benchBuildBundle(root: string): Promise<{ minified: number; gzipped: number }> {
  const chunks = await buildPage(root, [
    `export { buildDataset, buildEvaluation, buildHumanEvaluation } from ${JSON.stringify(join(root, "src/build/index.ts"))};`,
  ]);
  return {
    minified: chunks.reduce((n, c) => n + Buffer.byteLength(c.code), 0),
    gzipped: chunks.reduce((n, c) => n + gz(c.code), 0),
  };
}

// The browser bundle of what a page takes from the toolkit: the MSW handlers (evals-contract/msw) and
// the checker (the root entry's browser build), built by Vite as a user's page is, minified, msw
// itself left out (it is the page's own dependency) and the default dataset apart (a lazy chunk a page
// with its own data never loads). Issue 26: at most 100 KB gzipped.
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

export async function benchBrowserBundle(root: string): Promise<BundleFigures> {
  const dir = await mkdtemp(join(tmpdir(), "evals-bench-bundle-"));
  try {
    const entry = join(dir, "page.ts");
    // What a page writes: handlers for MSW's worker, and the checker on the answers.
    await writeFile(
      entry,
      [
        `import { createMswHandlers } from ${JSON.stringify(join(root, "src/msw/index.ts"))};`,
        `import { checkResponse } from ${JSON.stringify(join(root, "src/index.browser.ts"))};`,
        `export const handlers = createMswHandlers();`,
        `export const check = checkResponse;`,
      ].join("\n"),
    );
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
    const chunks = (Array.isArray(output) ? output : [output])
      .flatMap((o) => o.output)
      .filter((o): o is Rollup.OutputChunk => o.type === "chunk");
    const isDataset = (chunk: Rollup.OutputChunk): boolean =>
      !chunk.isEntry && chunk.code.includes("human_evaluations") && chunk.code.length > 100_000;
    const own = chunks.filter((c) => !isDataset(c));
    const dataset = chunks.filter(isDataset);
    const gz = (code: string): number => gzipSync(code).length;
    return {
      minified: own.reduce((n, c) => n + Buffer.byteLength(c.code), 0),
      gzipped: own.reduce((n, c) => n + gz(c.code), 0),
      datasetGzipped: dataset.reduce((n, c) => n + gz(c.code), 0),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Reload of a ~150 MB data file while the mock serves: how long the reload takes, how many requests
// were answered while it ran, and the worst and p99 latency of those requests. For comparison, the
// time the same load blocks a thread when run on the main thread (what every request waited
// before reloads moved to a worker thread).
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFileAtomically } from "../src/io/index.js";
import { writeFixtures } from "../src/generate/index.js";
import { startMockServer } from "../src/mock/index.js";
import { loadDatasetIndex } from "../src/mock/load-index.js";

const EVALUATIONS = Number(process.env.BENCH_RELOAD_EVALUATIONS ?? 110_000);

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-reload-"));
  try {
    const file = join(dir, "data.json");
    const next = join(dir, "next.json");
    const run = {
      mode: "realistic",
      format: "json",
      seed: 1,
      apps: 5,
      evaluations: 10,
      humanEvaluations: 10,
      timestamps: "naive",
    } as const;
    await writeFileAtomically(file, false, (out) => writeFixtures(run, out));
    await writeFileAtomically(next, false, (out) => writeFixtures({ ...run, evaluations: EVALUATIONS, humanEvaluations: 1000 }, out));
    const bytes = (await stat(next)).size;

    const blockStart = performance.now();
    await loadDatasetIndex(next);
    const blockedMs = performance.now() - blockStart;

    let reloading = false;
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => (done = resolve));
    const server = await startMockServer({
      dataFile: file,
      port: 0,
      onReloadStart: () => (reloading = true),
      onDataChange: () => {
        reloading = false;
        done();
      },
    });
    const latencies: number[] = [];
    const reloadStart = performance.now();
    await rename(next, file);
    let stop = false;
    void finished.then(() => (stop = true));
    while (!stop) {
      const t = performance.now();
      await (await fetch(`${server.url}/evaluations?app_id=x`)).arrayBuffer();
      if (reloading) latencies.push(performance.now() - t);
    }
    const reloadMs = performance.now() - reloadStart;
    await server.close();
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    console.log(`data file: ${(bytes / 1e6).toFixed(0)} MB, ${EVALUATIONS.toLocaleString("en-US")} evaluations`);
    console.log(`load on the main thread (the old reload): blocks for ${(blockedMs / 1000).toFixed(2)} s`);
    console.log(
      `reload on the worker thread: ${(reloadMs / 1000).toFixed(2)} s, ${latencies.length} requests answered meanwhile, ` +
        `p99 ${p99.toFixed(1)} ms, worst ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

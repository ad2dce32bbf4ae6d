// Issue 26: a ~146 MB data file served by the real CLI (`mock --data FILE`), then another renamed over
// it while a client sends a steady 100 requests/s. Prints the first load (start to listening), the
// reload (rename to the "reloaded" log line) and the latency of the requests sent meanwhile, against
// the targets (bench/lib/reload-figures.ts). For comparison, the time the same load blocks a thread
// when run on the main thread (what every request waited before reloads moved to a worker thread);
// BENCH_RELOAD_BLOCKING=0 skips it. Last, issue 34's figure: the first load against a plain JSON.parse
// and Ajv check of the same file (bench/lib/first-load.ts), BENCH_FIRST_LOAD_ROUNDS alternating rounds (default 3).
import { spawn, type ChildProcess } from "node:child_process";
import { copyFile, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { writeFileAtomically } from "../src/io/index.js";
import { writeFixtures } from "../src/generate/index.js";
import { loadDatasetIndex } from "../src/mock/load-index.js";
import { formatFirstLoadFigure, formatReloadFigures } from "./lib/reload-figures.js";
import { benchFirstLoad } from "./lib/first-load.js";

const EVALUATIONS = Number(process.env.BENCH_RELOAD_EVALUATIONS ?? 110_000);
const RATE = 100;
const FIRST_LOAD_ROUNDS = Number(process.env.BENCH_FIRST_LOAD_ROUNDS ?? 3);
const CLI = new URL("../dist/cli/main.js", import.meta.url).pathname;

/** Starts `mock --data file --port 0`; resolves with its URL once it listens, and a wait for a log line. */
function startCli(file: string): Promise<{ child: ChildProcess; url: string; next: (pattern: RegExp) => Promise<void> }> {
  const child = spawn(process.execPath, [CLI, "mock", "--data", file, "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`mock exited with ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const url = /^Mock Evaluation Listing Service on (\S+)/.exec(line)?.[1];
      if (url !== undefined)
        resolve({
          child,
          url,
          next: (pattern) => new Promise<void>((found) => waiters.push({ pattern, resolve: found })),
        });
      for (const waiter of [...waiters])
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
    });
  });
}

/** One GET on a kept-alive connection: its latency in ms. */
function get(agent: Agent, url: string): Promise<number> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(performance.now() - t));
    })
      .on("error", reject)
      .end();
  });
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-reload-"));
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const file = join(dir, "data.json");
    const next = join(dir, "next.json");
    const spec = { mode: "realistic", format: "json", seed: 1, apps: 5, timestamps: "naive" } as const;
    await writeFileAtomically(next, false, (out) => writeFixtures({ ...spec, evaluations: EVALUATIONS, humanEvaluations: 1000 }, out));
    await copyFile(next, file);
    const bytes = (await stat(next)).size;
    console.log(`data file: ${(bytes / 1e6).toFixed(0)} MB, ${EVALUATIONS.toLocaleString("en-US")} evaluations`);

    if (process.env.BENCH_RELOAD_BLOCKING !== "0") {
      const blockStart = performance.now();
      await loadDatasetIndex(next);
      console.log(`load on the main thread (the old reload): blocks for ${((performance.now() - blockStart) / 1000).toFixed(2)} s`);
    }

    const started = performance.now();
    const mock = await startCli(file);
    const firstLoadMs = performance.now() - started;
    try {
      const url = `${mock.url}/evaluations?app_id=x`;
      for (let i = 0; i < 20; i++) await get(agent, url); // connections open, answers kept

      // A steady 100 requests/s, each sent on time whatever the previous ones do (an open loop: a
      // stall shows as the latency of every request it held up).
      const latencies: number[] = [];
      let reloading = false;
      const inFlight = new Set<Promise<void>>();
      const timer = setInterval(() => {
        const counted = reloading;
        const sent: Promise<void> = get(agent, url).then((ms) => {
          if (counted) latencies.push(ms);
          inFlight.delete(sent);
        });
        inFlight.add(sent);
      }, 1000 / RATE);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const reloaded = mock.next(/^reloaded /);
      const reloadStart = performance.now();
      reloading = true;
      await rename(next, file);
      await reloaded;
      const reloadMs = performance.now() - reloadStart;
      // Requests sent before the reload ended still count, however late they are answered.
      reloading = false;
      await new Promise((resolve) => setTimeout(resolve, 500));
      clearInterval(timer);
      await Promise.all(inFlight);
      for (const line of formatReloadFigures({ firstLoadMs, reloadMs, latencies })) console.log(line);
    } finally {
      mock.child.kill();
    }
    // Issue 34: the first load against its plain anchor, in alternating rounds on the same file.
    console.log(formatFirstLoadFigure(await benchFirstLoad(CLI, file, FIRST_LOAD_ROUNDS)));
  } finally {
    agent.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

// `evals-contract coverage` on inputs far larger than a test should write (issue 31): whole processes of
// the built CLI (dist/, `npm run build` first), wall time and peak RSS (GNU time).
//   har     a HAR file of BENCH_HAR_MIB MiB (default 1024: 1 GiB), mostly base64 media and scripts, the
//           service's answers among them (bench/lib/big-har.ts). Read as a stream: the memory stays that
//           of one entry, whatever the file's size (it died with "Cannot create a string longer than
//           0x1fffffe8 characters" when read whole); only the service's bodies are decoded.
//   ndjson  BENCH_NDJSON_LINES observation lines (default 1,000,000, what `mock --record` writes for a
//           million requests): lines per second, folded as read.
// Select parts: `npm run bench -- coverage har` (names after "coverage").
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { observationLine, observe } from "../src/coverage/observation.js";
import type { Dataset } from "../src/types/dataset.js";
import { writeBigHar } from "./lib/big-har.js";
import { timeProcess } from "./lib/process.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// BENCH_CLI=src/cli/main.ts runs the sources (through tsx) instead of the build.
const CLI = process.env.BENCH_CLI === undefined ? join(ROOT, "dist/cli/main.js") : join(ROOT, process.env.BENCH_CLI);
const cli = (...args: string[]): string[] => [...(CLI.endsWith(".ts") ? ["--import", "tsx"] : []), CLI, ...args];
const PARTS = ["har", "ndjson"] as const;
const HAR_MIB = Number(process.env.BENCH_HAR_MIB ?? 1024);
const NDJSON_LINES = Number(process.env.BENCH_NDJSON_LINES ?? 1_000_000);

const dataset = (): Dataset => JSON.parse(readFileSync(join(ROOT, "fixtures/default.json"), "utf8")) as Dataset;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function benchHar(dir: string): Promise<void> {
  const data = dataset();
  const appId = data.evaluations[0]!.app_id;
  const file = join(dir, "session.har");
  const started = performance.now();
  const har = writeBigHar(file, {
    bytes: HAR_MIB * 1024 * 1024,
    listBody: JSON.stringify(data.evaluations.filter((e) => e.app_id === appId)),
    appId,
  });
  const service = har.serviceEntries.text + har.serviceEntries.base64 + har.serviceEntries.status422;
  console.log(
    `coverage har: ${mb(har.bytes)}, ${har.mediaEntries} base64 media entries, ${service} of the service's (written in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const run = await timeProcess(process.execPath, cli("coverage", file));
  if (run.exitCode !== 0) throw new Error(`coverage ${file} exited ${run.exitCode}`);
  const seconds = run.ms / 1000;
  console.log(
    `  read in ${seconds.toFixed(2)} s (${(har.bytes / 1024 / 1024 / seconds).toFixed(0)} MiB/s), peak RSS ${run.maxRssMb.toFixed(0)} MB (target: under 300 MB, whatever the size)`,
  );
}

async function benchNdjson(dir: string): Promise<void> {
  const data = dataset();
  const appId = data.evaluations[0]!.app_id;
  // The lines a recording holds: a few kinds of answer, again and again.
  const bodies = [
    { url: `/evaluations?app_id=${appId}`, status: 200, body: data.evaluations.filter((e) => e.app_id === appId) },
    { url: "/evaluations", status: 422, body: undefined },
    { url: `/human-evaluations?app_id=${appId}`, status: 200, body: [] },
    { url: `/human-evaluations/${data.human_evaluations[0]!.id}`, status: 200, body: data.human_evaluations[0] },
  ];
  const lines = bodies.map(({ url, status, body }) =>
    observationLine(observe({ side: "consumer", source: "mock", method: "GET", url, status, body })!),
  );
  const file = join(dir, "observations.ndjson");
  const fd = openSync(file, "w");
  try {
    let chunk = "";
    for (let i = 0; i < NDJSON_LINES; i++) {
      chunk += lines[i % lines.length]!;
      if (chunk.length > 1 << 20) {
        writeSync(fd, chunk);
        chunk = "";
      }
    }
    writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  const bytes = statSync(file).size;
  const run = await timeProcess(process.execPath, cli("coverage", file));
  if (run.exitCode !== 0) throw new Error(`coverage ${file} exited ${run.exitCode}`);
  const seconds = run.ms / 1000;
  console.log(
    `coverage ndjson: ${NDJSON_LINES.toLocaleString("en-US")} lines (${mb(bytes)}) in ${seconds.toFixed(2)} s: ${Math.round(NDJSON_LINES / seconds).toLocaleString("en-US")} lines/s, peak RSS ${run.maxRssMb.toFixed(0)} MB`,
  );
}

export async function run(args: readonly string[] = []): Promise<void> {
  const unknown = args.filter((a) => !(PARTS as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`unknown coverage part ${unknown.join(", ")} (known: ${PARTS.join(", ")})`);
  const parts = args.length === 0 ? PARTS : (args as (typeof PARTS)[number][]);
  const dir = mkdtempSync(join(tmpdir(), "evals-bench-coverage-"));
  try {
    for (const part of parts) {
      if (part === "har") await benchHar(dir);
      if (part === "ndjson") await benchNdjson(dir);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

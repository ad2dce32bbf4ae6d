// The performance limits of issue 14, each measured side by side with its anchor in the same run,
// as a user would meet them: whole processes of the built CLI (dist/, `npm run build` first),
// alternating rounds, median ratio (bench/lib/rounds.ts). docs/performance.md records the figures.
//   mock     the CLI mock vs a bare node:http server answering the same bytes and headers
//            (wrk, 50 connections; bench/lib/load.ts): list (~95 KB), by id, 404, 422;
//            target >= 0.8x req/s
//   record   the CLI mock with `--record FILE` (a file in a temp dir) vs the same mock without,
//            same paths and load as mock: recording costs the mock little, target >= 0.9x req/s
//   fixtures realistic evaluations as NDJSON into a pipe: target >= 150,000/s, peak RSS < 300 MB
//   validate 20,000 varied realistic records vs a plain script (JSON.parse + Ajv compiled from
//            schemas/ on each record, same output sink): target within 1.3x
//   verify   against a local conforming provider with Pact: < 3 s; an app with 20,000 evaluations
//            with Pact: < 10 s and peak RSS < 300 MB (--no-pact beside it)
//   startup  `--help` and `--version` vs `node -e 0`: < 150 ms or within 60 ms of node
//   msw      the MSW handlers in process vs a hand-written MSW handler returning the same bytes: >= 0.8x
//   bundle   the page's bundle of the handlers and the checker (Vite, minified, gzipped, msw and the
//            default dataset apart): <= 100 KB
//   fuzz     the default fuzz run vs a plain fetch loop of the same requests (bench/fuzz.bench.ts): >= 0.8x
// Select parts: `npm run bench -- limits mock` (names after "limits"); BENCH_ROUNDS (default 5);
// for the mock and record, per path BENCH_MOCK_LAUNCHES (default 5) fresh starts of both servers, each measured
// in BENCH_MOCK_ROUNDS (default 5) alternating runs of BENCH_DURATION seconds (default 1).
import { freePort } from "./lib/free-port.js";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateDataset } from "../src/generate/index.js";
import type { Dataset } from "../src/types/dataset.js";
import { chooseLoadTool, type LoadTool } from "./lib/load.js";
import { timeProcess } from "./lib/process.js";
import { alternate, fmt, median, summarize, type Round, type Rounds } from "./lib/rounds.js";
import { benchMswRate } from "./lib/msw-rate.js";
import { benchFixturesPipe } from "./lib/fixtures-pipe.js";
import { benchValidateRatio } from "./lib/validate-ratio.js";
import { benchVerifyLarge, LARGE_EVALUATIONS } from "./lib/verify-large.js";
import { benchBrowserBundle, benchBuildBundle } from "./lib/browser-bundle.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(ROOT, "dist/cli/main.js");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 1);
const MOCK_LAUNCHES = Number(process.env.BENCH_MOCK_LAUNCHES ?? 5);
const MOCK_ROUNDS = Number(process.env.BENCH_MOCK_ROUNDS ?? 5);
const PARTS = ["mock", "record", "fixtures", "validate", "verify", "startup", "msw", "bundle", "fuzz"] as const;

const verdict = (ok: boolean): string => (ok ? "ok" : "MISSED");

/** A run that failed measures nothing: stop the bench instead of printing its time. */
function expectExit<T extends { exitCode: number }>(run: T, code: number, what: string): T {
  if (run.exitCode !== code) throw new Error(`${what} exited ${run.exitCode}, expected ${code}`);
  return run;
}

/** Starts a server process (behind `prefix`, e.g. taskset) and resolves once `url` answers. */
async function startServer(args: string[], url: string, prefix: readonly string[] = []): Promise<ChildProcess> {
  const [command, ...rest] = [...prefix, process.execPath, ...args];
  const child = spawn(command!, rest, { stdio: ["ignore", "ignore", "inherit"], cwd: ROOT });
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await fetch(url);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50)); // bench set-up, not a measurement
    }
  }
  child.kill();
  throw new Error(`server ${args.join(" ")} did not start`);
}

const stop = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Each path's answer from the mock: status, headers (not Date or the connection's) and body, for the bare server to replay. */
async function recordAnswers(file: string, paths: readonly string[]): Promise<Record<string, Recorded>> {
  const port = await freePort();
  const mock = await startServer([CLI, "mock", "--data", file, "--port", String(port)], `http://127.0.0.1:${port}/evaluations`);
  try {
    const recorded: Record<string, Recorded> = {};
    for (const path of paths) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== "date" && name !== "connection" && name !== "keep-alive") headers[name] = value;
      });
      recorded[path] = { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString("base64") };
    }
    return recorded;
  } finally {
    await stop(mock);
  }
}

/**
 * The mock against the bare server on one path: `MOCK_LAUNCHES` times, both servers started afresh
 * (a process's luck, its memory layout and its age, is not one path's figure), warmed up for 2 s, then
 * `MOCK_ROUNDS` alternating runs each. All rounds together give the median and the middle half.
 */
async function compareOnPath(load: LoadTool, dataFile: string, answersFile: string, path: string): Promise<Rounds> {
  const options = { connections: 50, seconds: DURATION_S };
  const rounds: Round[] = [];
  for (let launch = 0; launch < MOCK_LAUNCHES; launch++) {
    const [mockPort, barePort] = [await freePort(), await freePort()];
    const mock = await startServer(
      [CLI, "mock", "--data", dataFile, "--port", String(mockPort)],
      `http://127.0.0.1:${mockPort}/evaluations`,
      load.serverPrefix,
    );
    try {
      const bare = await startServer(
        [join(ROOT, "bench/lib/bare-server.mjs"), answersFile, String(barePort)],
        `http://127.0.0.1:${barePort}/`,
        load.serverPrefix,
      );
      try {
        const urls = { anchor: `http://127.0.0.1:${barePort}${path}`, subject: `http://127.0.0.1:${mockPort}${path}` };
        for (const url of Object.values(urls)) await load.requestsPerSecond(url, { ...options, seconds: 2 });
        rounds.push(...(await alternate(MOCK_ROUNDS, (which) => load.requestsPerSecond(urls[which], options))).rounds);
      } finally {
        await stop(bare);
      }
    } finally {
      await stop(mock);
    }
  }
  return summarize(rounds);
}

/** The mock's data file (in `dir`) and the paths both mock figures load: a list (~95 KB), by id, 404, 422. */
function mockBenchData(dir: string): { file: string; paths: ReadonlyArray<readonly [string, string]> } {
  // The first app gets about 95 KB of evaluations: 48 records of a 3-app dataset.
  const data = generateDataset({ seed: 3, apps: 3, evaluations: 144, humanEvaluations: 30 });
  const file = join(dir, "mock-data.json");
  writeFileSync(file, JSON.stringify(data));
  const app = data.evaluations[0]!.app_id;
  const paths: ReadonlyArray<readonly [string, string]> = [
    ["list", `/evaluations?app_id=${app}`],
    ["by id", `/human-evaluations/${data.human_evaluations[0]!.id}`],
    ["404", `/human-evaluations/${"f".repeat(24)}`],
    ["422", `/evaluations`],
  ];
  return { file, paths };
}

async function benchMock(dir: string): Promise<void> {
  const { file, paths } = mockBenchData(dir);
  const recorded = await recordAnswers(
    file,
    paths.map(([, path]) => path),
  );
  const answers = join(dir, "answers.json");
  writeFileSync(answers, JSON.stringify(recorded));
  const load = chooseLoadTool();
  console.log(
    `mock: the CLI mock (its request log to /dev/null, console on) vs bare node:http with the same bytes and headers; ${load.description}; 50 connections; per path ${MOCK_LAUNCHES} launches of both servers x ${MOCK_ROUNDS} alternating rounds of ${DURATION_S} s (median ratio, middle half of the rounds in brackets)`,
  );
  for (const [name, path] of paths) {
    const bytes = Buffer.from(recorded[path]!.body, "base64").length;
    const r = await compareOnPath(load, file, answers, path);
    console.log(
      `  ${name.padEnd(6)} ${recorded[path]!.status} ${fmt(bytes).padStart(7)} B  mock ${fmt(r.medianSubject).padStart(7)} req/s  bare ${fmt(r.medianAnchor).padStart(7)} req/s  ratio ${r.medianRatio.toFixed(2)}x [${r.ratioSpread.map((x) => x.toFixed(2)).join("-")}] (target >= 0.8x) ${verdict(r.medianRatio >= 0.8)}`,
    );
    // Each round as ratio (mock/bare in thousands of req/s), in the order measured: a drift shows.
    console.log(
      `         rounds: ${r.rounds.map((x) => `${x.ratio.toFixed(2)} (${(x.subject / 1000).toFixed(0)}/${(x.anchor / 1000).toFixed(0)})`).join(" ")}`,
    );
  }
}

/**
 * `mock --record FILE` (subject) against the same mock without it (anchor) on one path, launched and
 * measured as compareOnPath does. Each launch records to a new file in `dir`, removed once its size
 * is known: the size proves the mock recorded (a silent failure to write would flatter the figure).
 */
async function compareRecordingOnPath(
  load: LoadTool,
  dataFile: string,
  dir: string,
  path: string,
): Promise<{ rounds: Rounds; recordedBytes: number[] }> {
  const options = { connections: 50, seconds: DURATION_S };
  const rounds: Round[] = [];
  const recordedBytes: number[] = [];
  for (let launch = 0; launch < MOCK_LAUNCHES; launch++) {
    const [plainPort, recordPort] = [await freePort(), await freePort()];
    const recordFile = join(dir, `record-${launch}.ndjson`);
    const mockArgs = (port: number): string[] => [CLI, "mock", "--data", dataFile, "--port", String(port)];
    const plain = await startServer(mockArgs(plainPort), `http://127.0.0.1:${plainPort}/evaluations`, load.serverPrefix);
    try {
      const recording = await startServer(
        [...mockArgs(recordPort), "--record", recordFile],
        `http://127.0.0.1:${recordPort}/evaluations`,
        load.serverPrefix,
      );
      try {
        const urls = { anchor: `http://127.0.0.1:${plainPort}${path}`, subject: `http://127.0.0.1:${recordPort}${path}` };
        for (const url of Object.values(urls)) await load.requestsPerSecond(url, { ...options, seconds: 2 });
        rounds.push(...(await alternate(MOCK_ROUNDS, (which) => load.requestsPerSecond(urls[which], options))).rounds);
      } finally {
        await stop(recording);
      }
    } finally {
      await stop(plain);
    }
    const bytes = statSync(recordFile).size;
    rmSync(recordFile, { force: true });
    if (bytes === 0) throw new Error(`mock --record wrote nothing to ${recordFile} while it answered ${path}`);
    recordedBytes.push(bytes);
  }
  return { rounds: summarize(rounds), recordedBytes };
}

async function benchRecord(dir: string): Promise<void> {
  const { file, paths } = mockBenchData(dir);
  const load = chooseLoadTool();
  console.log(
    `record: the CLI mock with --record FILE (NDJSON to a file in ${tmpdir()}) vs the same mock without, both with their request log to /dev/null, console on; ${load.description}; 50 connections; per path ${MOCK_LAUNCHES} launches of both x ${MOCK_ROUNDS} alternating rounds of ${DURATION_S} s (median ratio, middle half of the rounds in brackets)`,
  );
  for (const [name, path] of paths) {
    const { rounds: r, recordedBytes } = await compareRecordingOnPath(load, file, dir, path);
    const ok = r.medianRatio >= 0.9;
    console.log(
      `  ${name.padEnd(6)} --record ${fmt(r.medianSubject).padStart(7)} req/s  plain ${fmt(r.medianAnchor).padStart(7)} req/s  ratio ${r.medianRatio.toFixed(2)}x [${r.ratioSpread.map((x) => x.toFixed(2)).join("-")}] (target >= 0.9x) ${ok ? "PASS" : "FAIL"}`,
    );
    console.log(
      `         rounds: ${r.rounds.map((x) => `${x.ratio.toFixed(2)} (${(x.subject / 1000).toFixed(0)}/${(x.anchor / 1000).toFixed(0)})`).join(" ")}; recorded per launch ${fmt(median(recordedBytes) / 1e6, 1)} MB (median)`,
    );
  }
}

async function benchFixtures(): Promise<void> {
  const count = Number(process.env.BENCH_FIXTURES ?? 300_000);
  const r = await benchFixturesPipe(CLI, count, Math.max(3, Math.min(ROUNDS, 5)));
  console.log(
    `fixtures: ${fmt(count)} realistic evaluations, NDJSON into a pipe read by this process, whole process: ${fmt(r.perSecond)} evaluations/s (median of ${r.runs.length}; runs ${r.runs.map((x) => fmt(x)).join(", ")}), peak RSS ${fmt(r.peakRssMb)} MB (targets >= 150,000/s, < 300 MB) ${verdict(r.perSecond >= 150_000 && r.peakRssMb < 300)}`,
  );
}

async function benchValidate(dir: string): Promise<void> {
  // 20,000 varied records: four seeds' realistic data, not copies of one example (bench/lib/validate-ratio.ts).
  const r = await benchValidateRatio(dir, CLI, ROUNDS);
  console.log(
    `validate: 20,000 realistic records, whole process, output to a file: toolkit ${fmt(r.toolkitMs)} ms, plain JSON.parse + Ajv ${fmt(r.plainMs)} ms: ${r.ratio.toFixed(2)}x (rounds ${r.rounds.map((x) => x.toFixed(2)).join(" ")}; target <= 1.3x) ${verdict(r.ratio <= 1.3)}`,
  );
}

async function benchVerify(dir: string): Promise<void> {
  for (const [label, evaluations, limitMs, pact] of [["default-size app, with Pact", 100, 3000, true]] as const) {
    const data: Dataset = generateDataset({ seed: 9, apps: 1, evaluations, humanEvaluations: Math.min(40, evaluations) });
    const file = join(dir, `verify-${evaluations}.json`);
    writeFileSync(file, JSON.stringify(data));
    const port = await freePort();
    const mock = await startServer([CLI, "mock", "--data", file, "--port", String(port)], `http://127.0.0.1:${port}/evaluations`);
    try {
      const args = [
        CLI,
        "verify",
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--app-id",
        data.evaluations[0]!.app_id,
        ...(pact ? [] : ["--no-pact"]),
      ];
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(expectExit(await timeProcess(process.execPath, args), 0, "verify"));
      const ms = median(runs.map((x) => x.ms));
      console.log(
        `verify: ${label}: ${fmt(ms)} ms whole process (median of 3; exit ${runs[0]!.exitCode}; target < ${fmt(limitMs)} ms) ${verdict(ms < limitMs && runs[0]!.exitCode === 0)}`,
      );
    } finally {
      await stop(mock);
    }
  }
  const large = await benchVerifyLarge(dir, CLI, 3);
  console.log(
    `verify: an app with ${fmt(LARGE_EVALUATIONS)} evaluations: with Pact ${fmt(large.withPactMs)} ms, peak RSS ${fmt(large.withPactRssMb)} MB; --no-pact ${fmt(large.noPactMs)} ms, ${fmt(large.noPactRssMb)} MB (median of 3; targets < 10,000 ms and < 300 MB with Pact) ${verdict(large.withPactMs < 10_000 && large.withPactRssMb < 300)}`,
  );
}

async function benchStartup(): Promise<void> {
  for (const flag of ["--help", "--version"]) {
    const r = await alternate(
      Math.max(ROUNDS, 7),
      async (which) => (await timeProcess(process.execPath, which === "anchor" ? ["-e", "0"] : [CLI, flag])).ms,
      { lowerIsBetter: true },
    );
    const over = r.medianSubject - r.medianAnchor;
    console.log(
      `startup: evals-contract ${flag.padEnd(9)} ${fmt(r.medianSubject)} ms, node -e 0 ${fmt(r.medianAnchor)} ms: +${fmt(over)} ms (target < 150 ms, or within 60 ms of node) ${verdict(r.medianSubject < 150 || over <= 60)}`,
    );
  }
}

async function benchMsw(): Promise<void> {
  const data = generateDataset({ seed: 3, apps: 4, evaluations: 200, humanEvaluations: 40 });
  const app = data.evaluations[0]!.app_id;
  const human = data.human_evaluations[0]!.id;
  const paths = [
    `/evaluations?app_id=${app}`,
    `/human-evaluations/${human}`,
    "/human-evaluations/0123456789abcdef01234567",
    "/evaluations",
  ];
  const count = Number(process.env.BENCH_MSW_REQUESTS ?? 400);
  console.log(
    `msw: the handlers in process (msw/node setupServer) vs a hand-written handler returning the same bytes; ${fmt(count)} sequential fetches per round, ${ROUNDS} alternating rounds`,
  );
  for (const { path, rounds } of await benchMswRate(data, paths, ROUNDS, count)) {
    const r = rounds;
    console.log(
      `  ${path.slice(0, 44).padEnd(44)} toolkit ${fmt(r.medianSubject)} req/s, hand-written ${fmt(r.medianAnchor)} req/s: ${r.medianRatio.toFixed(2)}x [${r.ratioSpread.map((x) => x.toFixed(2)).join("-")}] (target >= 0.8x) ${verdict(r.medianRatio >= 0.8)}`,
    );
  }
}

async function benchBundle(): Promise<void> {
  const b = await benchBrowserBundle(ROOT);
  console.log(
    `bundle: a page's handlers and checker, Vite-built: ${fmt(b.minified / 1024, 1)} kB minified, ${fmt(b.gzipped / 1024, 1)} kB gzipped (msw apart; the default dataset's lazy chunk ${fmt(b.datasetGzipped / 1024, 1)} kB gzipped, apart) (target <= 100 kB) ${verdict(b.gzipped <= 100 * 1024)}`,
  );
  const builders = await benchBuildBundle(ROOT);
  console.log(
    `bundle: the record builders (evals-contract/build) alone, Vite-built: ${fmt(builders.minified / 1024, 1)} kB minified, ${fmt(builders.gzipped / 1024, 1)} kB gzipped (target <= 15 kB) ${verdict(builders.gzipped <= 15 * 1024)}`,
  );
}

async function benchFuzz(): Promise<void> {
  const fuzz = (await import("./fuzz.bench.js")) as { run: () => Promise<void> };
  await fuzz.run();
}

export async function run(args: readonly string[] = []): Promise<void> {
  const unknown = args.filter((a) => !(PARTS as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`unknown limits part ${unknown.join(", ")} (known: ${PARTS.join(", ")})`);
  const parts = args.length === 0 ? PARTS : (args as (typeof PARTS)[number][]);
  const dir = mkdtempSync(join(tmpdir(), "evals-bench-limits-"));
  try {
    for (const part of parts) {
      if (part === "mock") await benchMock(dir);
      if (part === "record") await benchRecord(dir);
      if (part === "fixtures") await benchFixtures();
      if (part === "validate") await benchValidate(dir);
      if (part === "verify") await benchVerify(dir);
      if (part === "startup") await benchStartup();
      if (part === "msw") await benchMsw();
      if (part === "bundle") await benchBundle();
      if (part === "fuzz") await benchFuzz();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

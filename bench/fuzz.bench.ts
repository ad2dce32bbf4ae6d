// The fuzzer's pace against a local provider (the toolkit's mock, in this process, port 0, its
// default dataset):
//   default run  `fuzzProvider` with the defaults (seed 1): wall time, requests, req/s; the issue's
//                limit: the default run against a local provider ends in under 60 s
//   vs fetch     the same planned requests (planFuzzRequests, `{record}` filled with a real id) sent
//                by a plain loop of the global fetch at the same concurrency, each body read as
//                text, nothing checked; target: fuzz req/s >= 0.8x fetch req/s
// Alternating rounds (bench/lib/rounds.ts; BENCH_ROUNDS, default 5) after one warm-up of each, the
// median and the middle half reported: this 2-core VM is noisy.
import { performance } from "node:perf_hooks";
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_REQUESTS, fuzzProvider, planFuzzRequests, type FuzzOptions } from "../src/fuzz/index.js";
import type { FuzzReport, FuzzRequest } from "../src/fuzz/types.js";
import { startMockServer } from "../src/mock/index.js";
import { alternate, fmt, quantile } from "./lib/rounds.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** An app of the mock's default dataset (fixtures/default.json). */
const APP_ID = "65e48be31b48af5e4a2d9bf1";
const LIMIT_S = 60;

interface Run {
  ms: number;
  requests: number;
}

const rps = (run: Run): number => run.requests / (run.ms / 1000);
const spread = (values: readonly number[], digits = 0): string =>
  `[${fmt(quantile(values, 0.25), digits)}-${fmt(quantile(values, 0.75), digits)}]`;
const verdict = (ok: boolean): string => (ok ? "PASS" : "FAIL");

/** A human evaluation id of the app, for the plan's `{record}` placeholders. */
async function recordId(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/human-evaluations?app_id=${APP_ID}`);
  const list = (await response.json()) as Array<{ id: string }>;
  if (list[0] === undefined) throw new Error(`the mock's app ${APP_ID} has no human evaluation`);
  return list[0].id;
}

/**
 * The URL and init fetch makes of a planned request. fetch cannot send every raw request the
 * fuzzer sends over node:http: the WHATWG URL parser normalises paths (`/human-evaluations/..`
 * becomes `/`), and some methods (CONNECT, TRACE) and header values are refused outright. Those go
 * as the parser makes them, or are counted as refused: for a pace comparison that is fine.
 */
function toFetch(baseUrl: string, request: FuzzRequest, id: string): { url: string; init: RequestInit } {
  // The plan keeps `{record}` (and, should it be left unbound, `{app}`; upper-case forms for the case variants).
  const values: Record<string, string> = { app: APP_ID, APP: APP_ID.toUpperCase(), record: id, RECORD: id.toUpperCase() };
  const fill = (s: string): string => s.replace(/\{(app|APP|record|RECORD)\}/g, (_, token: string) => values[token]!);
  const query = request.query.map(([name, value]) => (value === null ? fill(name) : `${fill(name)}=${fill(value)}`));
  const url = `${baseUrl}${fill(request.path)}${query.length > 0 ? `?${query.join("&")}` : ""}`;
  const canHaveBody = request.method !== "GET" && request.method !== "HEAD";
  return {
    url,
    init: {
      method: request.method,
      headers: request.headers,
      ...(canHaveBody && request.body !== undefined ? { body: request.body } : {}),
    },
  };
}

/** The plan sent by `concurrency` workers of plain fetch; `requests` counts the answered ones. */
async function fetchLoop(
  requests: ReadonlyArray<{ url: string; init: RequestInit }>,
  concurrency: number,
): Promise<Run & { refused: number }> {
  let next = 0;
  let answered = 0;
  let refused = 0;
  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const { url, init } = requests[next++]!;
      try {
        const response = await fetch(url, init);
        await response.text();
        answered++;
      } catch {
        refused++;
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { ms: performance.now() - start, requests: answered, refused };
}

export async function run(): Promise<void> {
  const mock = await startMockServer({ port: 0 });
  try {
    const options: FuzzOptions = { baseUrl: mock.url, appId: APP_ID, seed: 1 };
    const id = await recordId(mock.url);
    const plan = planFuzzRequests(options);
    const viaFetch = plan.map((request) => toFetch(mock.url, request, id));
    console.log(
      `mock at ${mock.url}, app ${APP_ID}; plan: ${fmt(plan.length)} requests (default max ${fmt(DEFAULT_MAX_REQUESTS)}), concurrency ${DEFAULT_CONCURRENCY}`,
    );

    const fuzzRuns: Run[] = [];
    const fetchRuns: Run[] = [];
    let lastReport: FuzzReport | undefined;
    let refused = 0;
    // `npm run bench` runs node with --expose-gc: collect between runs so one run's garbage is not the next's cost.
    const gc = (globalThis as { gc?: () => void }).gc;
    const measure = async (which: "anchor" | "subject"): Promise<number> => {
      gc?.();
      if (which === "subject") {
        const start = performance.now();
        const report = await fuzzProvider(options);
        const ms = performance.now() - start;
        lastReport = report;
        const fuzzRun = { ms, requests: report.sent + report.shrinkRequests };
        fuzzRuns.push(fuzzRun);
        return rps(fuzzRun);
      }
      const fetchRun = await fetchLoop(viaFetch, DEFAULT_CONCURRENCY);
      refused = fetchRun.refused;
      fetchRuns.push(fetchRun);
      return rps(fetchRun);
    };

    // Warm-up (JIT, both clients' connection pools), not counted.
    for (let i = 0; i < 2; i++) {
      await measure("subject");
      await measure("anchor");
    }
    fuzzRuns.length = 0;
    fetchRuns.length = 0;

    const r = await alternate(ROUNDS, measure);
    const report = lastReport!;
    const fuzzMs = fuzzRuns.map((x) => x.ms);
    const fetchMs = fetchRuns.map((x) => x.ms);
    const wallS = quantile(fuzzMs, 0.5) / 1000;
    const perRequestUs = (run: Run): number => (run.ms * 1000) / run.requests;
    const overheadUs = quantile(fuzzRuns.map(perRequestUs), 0.5) - quantile(fetchRuns.map(perRequestUs), 0.5);

    console.log(
      `default fuzz run: median ${fmt(wallS, 3)} s ${spread(
        fuzzMs.map((ms) => ms / 1000),
        3,
      )} s, ${fmt(report.sent)} requests sent (+${fmt(report.shrinkRequests)} shrinking), ` +
        `${fmt(r.medianSubject)} req/s ${spread(r.rounds.map((x) => x.subject))}; ${report.verdict}, ${report.counts.errors} errors, ${report.counts.warnings} warnings, stopped by ${report.stoppedBy}`,
    );
    console.log(`  limit: default run against a local provider < ${LIMIT_S} s: ${fmt(wallS, 3)} s ${verdict(wallS < LIMIT_S)}`);
    console.log(
      `plain fetch loop (same ${fmt(plan.length)} requests, concurrency ${DEFAULT_CONCURRENCY}, bodies read, no checks): median ${fmt(quantile(fetchMs, 0.5) / 1000, 3)} s ${spread(
        fetchMs.map((ms) => ms / 1000),
        3,
      )} s, ` +
        `${fmt(r.medianAnchor)} req/s ${spread(r.rounds.map((x) => x.anchor))}${refused > 0 ? ` (${refused} requests fetch refuses to send, left out)` : ""}`,
    );
    console.log(
      `  fuzz/fetch req/s: median ${r.medianRatio.toFixed(2)}x [${r.ratioSpread.map((x) => x.toFixed(2)).join("-")}] (rounds ${r.rounds.map((x) => x.ratio.toFixed(2)).join(" ")}; target >= 0.8x) ${verdict(r.medianRatio >= 0.8)}`,
    );
    console.log(`  fuzzer overhead per request: ${fmt(overheadUs)} µs (median wall time per request, fuzz minus fetch)`);
  } finally {
    await mock.close();
  }
}

// The reload bench's figures against issue 26's targets (percentiles of the latencies seen while a
// reload ran) and issue 34's (the first load against a plain parse and check), one PASS/FAIL line per
// target, so a run can be quoted as it is.
import type { FirstLoadFigures } from "./first-load.js";

export const TARGETS = {
  /** The first load of the 146 MB file: half of the 11.8 s the issue saw. */
  firstLoadMs: 5900,
  /** Issue 34: the first load takes at most this many times a plain JSON.parse and check of the same file. */
  firstLoadRatio: 2,
  /** Latency while a reload runs, at a steady 100 requests/s. */
  reloadP99Ms: 100,
  reloadMaxMs: 200,
} as const;

/** The value at quantile `q` (0..1) of ascending `sorted`, 0 when empty. */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

export interface ReloadFigures {
  firstLoadMs: number;
  reloadMs: number;
  /** Latency of each request answered (or still waiting) while the reload ran, in ms. */
  latencies: number[];
}

const verdict = (ok: boolean): string => (ok ? "PASS" : "FAIL");

/** The lines the bench prints: the first load, the reload, p50/p99/max, each target's verdict. */
export function formatReloadFigures({ firstLoadMs, reloadMs, latencies }: ReloadFigures): string[] {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = quantile(sorted, 0.5);
  const p99 = quantile(sorted, 0.99);
  const max = sorted.at(-1) ?? 0;
  return [
    `first load (mock --data, start to listening): ${(firstLoadMs / 1000).toFixed(2)} s; target < ${(TARGETS.firstLoadMs / 1000).toFixed(1)} s: ${verdict(firstLoadMs < TARGETS.firstLoadMs)}`,
    `reload (rename to "reloaded" line): ${(reloadMs / 1000).toFixed(2)} s, ${sorted.length} requests meanwhile at 100/s: ` +
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    `reload p99 ${p99.toFixed(1)} ms; target < ${TARGETS.reloadP99Ms} ms: ${verdict(p99 < TARGETS.reloadP99Ms)}`,
    `reload max ${max.toFixed(1)} ms; target <= ${TARGETS.reloadMaxMs} ms: ${verdict(max <= TARGETS.reloadMaxMs)}`,
  ];
}

/** Issue 34's line: the first load against the plain parse and check of the same file, as a ratio with its target. */
export function formatFirstLoadFigure({ firstLoadMs, anchorMs, ratio, rounds }: FirstLoadFigures): string {
  const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  return (
    `first load vs plain JSON.parse + Ajv check of the same file (whole processes, median of ${rounds.length} alternating rounds): ` +
    `${s(firstLoadMs)} vs ${s(anchorMs)}: ${ratio.toFixed(2)}x (rounds ${rounds.map((x) => x.toFixed(2)).join(" ")}); ` +
    `target <= ${TARGETS.firstLoadRatio}x: ${verdict(ratio <= TARGETS.firstLoadRatio)}`
  );
}

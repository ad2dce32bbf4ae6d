// A one-line progress bar for long runs, drawn on a terminal only (never into a pipe or a file),
// and only once a run has lasted long enough to be worth watching.

export interface ProgressBar {
  update(done: number): void;
  /** Ends the bar's line; at 100% unless the run stopped early (`completed` false). */
  finish(completed?: boolean): void;
}

interface TerminalLike {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const NOOP: ProgressBar = { update: () => undefined, finish: () => undefined };

const monotonicClock = (): number => performance.now();

/**
 * Draws after `delayMs` of work, at most every `intervalMs`; a no-op unless `stream` is a TTY.
 * `now` (ms) is the clock, so tests pace it by hand.
 */
export function createProgressBar(
  stream: TerminalLike,
  total: number,
  label: string,
  delayMs = 500,
  intervalMs = 100,
  now: () => number = monotonicClock,
): ProgressBar {
  if (stream.isTTY !== true || total <= 0) return NOOP;
  // Wall-clock time here only paces drawing; it never reaches the generated data.
  const started = now();
  let lastDraw = 0;
  let drawn = false;
  const draw = (done: number): void => {
    const ratio = Math.min(1, done / total);
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 50));
    const filled = Math.round(ratio * width);
    const count = `${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")}`;
    stream.write(
      `\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${count}`,
    );
    drawn = true;
  };
  return {
    update(done) {
      const at = now();
      if (at - started < delayMs || at - lastDraw < intervalMs) return;
      lastDraw = at;
      draw(done);
    },
    finish(completed = true) {
      if (!drawn) return;
      if (completed) draw(total);
      stream.write("\n");
    },
  };
}

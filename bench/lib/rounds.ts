// Side-by-side measurement on a noisy 2-core machine: a subject and its anchor measured in
// alternating rounds (anchor, subject, subject, anchor, ...), the ratio taken per round and the
// median of the rounds reported, so a burst of load elsewhere hits both alike.
export interface Round {
  anchor: number;
  subject: number;
  ratio: number;
}

export interface Rounds {
  rounds: Round[];
  medianRatio: number;
  /** The middle half of the per-round ratios (first and third quartile): how noisy the rounds were. */
  ratioSpread: [number, number];
  medianAnchor: number;
  medianSubject: number;
}

/** The value at fraction `q` (0 to 1) of the sorted values, interpolated between neighbours. */
export const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
};

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/**
 * Runs `measure("anchor")` and `measure("subject")` `count` times in alternating order and returns
 * the per-round ratio subject/anchor (for "higher is better" figures such as req/s) or
 * anchor/subject when `lowerIsBetter` (times), so a ratio >= 1 always means "at least as good".
 */
export async function alternate(
  count: number,
  measure: (which: "anchor" | "subject") => Promise<number>,
  options: { lowerIsBetter?: boolean } = {},
): Promise<Rounds> {
  const rounds: Round[] = [];
  for (let i = 0; i < count; i++) {
    const order: Array<"anchor" | "subject"> = i % 2 === 0 ? ["anchor", "subject"] : ["subject", "anchor"];
    const got: Record<string, number> = {};
    for (const which of order) got[which] = await measure(which);
    const anchor = got.anchor!;
    const subject = got.subject!;
    rounds.push({ anchor, subject, ratio: options.lowerIsBetter ? anchor / subject : subject / anchor });
  }
  return summarize(rounds);
}

/** The medians and the middle half of rounds measured in one or more runs of `alternate`. */
export function summarize(rounds: readonly Round[]): Rounds {
  const ratios = rounds.map((r) => r.ratio);
  return {
    rounds: [...rounds],
    medianRatio: median(ratios),
    ratioSpread: [quantile(ratios, 0.25), quantile(ratios, 0.75)],
    medianAnchor: median(rounds.map((r) => r.anchor)),
    medianSubject: median(rounds.map((r) => r.subject)),
  };
}

export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });

// Suggests the name a typo meant: the known name nearest by edit distance, if near enough. Pure and
// browser-safe: the CLI (options, names) and the record builders (case ids) use it.

/** Levenshtein distance (insertions, deletions, substitutions; a swap of neighbours counts once). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * Longest text a suggestion is looked for: no name of the toolkit comes near it, so a longer text is
 * no typo, and the edit distance is quadratic (a 500 KB case id took seconds). Longer: no suggestion.
 */
export const MAX_SUGGESTED_LENGTH = 64;

/**
 * The candidate nearest to `typed` (within a third of its length, at least 1, at most 3 edits), or one it
 * begins. Linear in the input: nothing past MAX_SUGGESTED_LENGTH, no distance between lengths too far apart.
 */
export function didYouMean(typed: string, candidates: readonly string[]): string | undefined {
  if (typed.length > MAX_SUGGESTED_LENGTH) return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(typed.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // The distance is at least the difference in length: too far apart is never a suggestion.
    if (Math.abs(candidate.length - typed.length) > limit) continue;
    const distance = editDistance(typed, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  if (best !== undefined && bestDistance <= limit) return best;
  const prefixed = candidates.filter((c) => typed.length >= 3 && c.startsWith(typed));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

// A small, fast, seeded pseudo-random generator (sfc32) for the generator's hot loops.
// Faker is used to build the per-app pools; drawing millions of numbers through it would be slow,
// so each record stream gets its own Rng. Pure 32-bit integer arithmetic: the same seed gives the
// same numbers on every machine and Node version.

/** Mixes any number of integers into one 32-bit value (murmur3 finaliser over a running hash). */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    // Split into two 32-bit halves so seeds above 2^32 (up to MAX_SAFE_INTEGER) still count.
    const low = part >>> 0;
    const high = Math.floor(part / 0x100000000) >>> 0;
    for (const word of [low, high]) {
      h = Math.imul(h ^ word, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
    }
  }
  return h >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A stream identified by integers, e.g. `new Rng(seed, STREAM_EVALUATIONS, appIndex)`. */
  constructor(...parts: readonly number[]) {
    this.a = mixSeed(...parts, 1);
    this.b = mixSeed(...parts, 2);
    this.c = mixSeed(...parts, 3);
    this.d = 1;
    // sfc32's recommended warm-up, so nearby seeds do not give correlated first draws.
    for (let i = 0; i < 15; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `weights[i]` is the relative weight of index i. */
  weighted(weights: readonly number[], total: number): number {
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}

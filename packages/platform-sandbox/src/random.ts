/**
 * Deterministic randomness. Everything the sandbox generates derives from the seed through these
 * functions, so two sandboxes with the same seed and clock answer byte-identical bodies.
 */

/** A strong 32-bit integer finaliser (from "hash prospector"); cheap enough for per-cell noise. */
export function mix32(value: number): number {
  let x = value | 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Hash of three integers, written without rest parameters because it runs in hot loops. */
export function hash3(a: number, b: number, c: number): number {
  return mix32(mix32(mix32(a ^ 0x9e3779b9) ^ b) ^ Math.imul(c, 0x27d4eb2f));
}

/** Uniform float in [0, 1) from three integers. */
export function unit3(a: number, b: number, c: number): number {
  return hash3(a, b, c) / 4294967296;
}

/** FNV-1a over a string, to turn names into seeds. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Rng = {
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  normal(): number;
  chars(alphabet: string, length: number): string;
};

/** mulberry32: small, fast, good enough for fixtures. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (minInclusive: number, maxInclusive: number): number =>
    minInclusive + Math.floor(next() * (maxInclusive - minInclusive + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() from an empty list');
      return item;
    },
    normal(): number {
      // Box–Muller; 1 - next() keeps log() away from zero.
      return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    },
    chars(alphabet: string, length: number): string {
      let out = '';
      for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
  };
}

export const BASE64URL_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const DIGITS = '0123456789';

/**
 * Splits an integer total into integer parts by successive floors ("stick breaking").
 * Each part is a non-decreasing function of the total and the parts always sum to the total, so
 * splitting cumulative counts and differencing them keeps every breakdown consistent across days.
 */
export function splitTotal(
  total: number,
  conditionalShares: Float64Array,
  out: Float64Array,
): void {
  let remaining = total;
  const last = conditionalShares.length - 1;
  for (let i = 0; i < last; i += 1) {
    const share = Math.floor((conditionalShares[i] ?? 0) * remaining);
    out[i] = share;
    remaining -= share;
  }
  out[last] = remaining;
}

/** Turns shares (any positive weights) into the conditional fractions splitTotal expects. */
export function toConditionalShares(weights: readonly number[]): Float64Array {
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = new Float64Array(weights.length);
  let left = 1;
  weights.forEach((weight, i) => {
    const share = weight / sum;
    out[i] = i === weights.length - 1 || left <= 0 ? 1 : Math.min(1, share / left);
    left -= share;
  });
  return out;
}

/** Splits a total by weights into integer parts that sum exactly to the total. */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  const out = new Float64Array(weights.length);
  splitTotal(total, toConditionalShares(weights), out);
  return Array.from(out);
}

export type RandomSource = () => number;

/** Mulberry32: a tiny seeded PRNG so simulations are reproducible in tests. */
export function createSeededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pickOne<T>(items: readonly T[], random: RandomSource = Math.random): T {
  if (items.length === 0) throw new Error('pickOne needs at least one item');
  return items[Math.floor(random() * items.length) % items.length] as T;
}

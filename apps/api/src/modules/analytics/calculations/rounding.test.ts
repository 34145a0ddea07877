import { describe, expect, it } from 'vitest';
import { roundToCents } from './rounding';

const reference = (value: number) => Number(value.toFixed(2));

describe('roundToCents', () => {
  it('gives exactly what Number(value.toFixed(2)) gives', () => {
    const samples = [
      0,
      -0,
      0.005,
      0.015,
      1.005,
      1.255,
      2.675,
      5.05,
      12.3456,
      -7.125,
      -0.004,
      0.1 + 0.2,
      1e-9,
      123456.785,
      9007199254740.99,
      1e15 + 0.125,
      1e21,
      Number.NaN,
      Infinity,
      -Infinity,
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let index = 0; index < 20_000; index += 1) {
      const magnitude = 10 ** Math.floor(random() * 12 - 3);
      samples.push((random() - 0.3) * magnitude);
      // Sums of cents, as daily revenue is.
      samples.push(Math.round(random() * 1e7) / 100 + Math.round(random() * 1e5) / 100);
    }
    for (const value of samples)
      expect(Object.is(roundToCents(value), reference(value))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { toNumber } from './numeric';

describe('toNumber', () => {
  it('reads driver values exactly as Number() does', () => {
    const samples: (string | number | bigint)[] = [
      '0',
      '7',
      '007',
      '42',
      '123456789012345',
      '999999999999999',
      '1234567890123456',
      '9007199254740993',
      '-5',
      '+5',
      '1.5',
      '12.340000',
      '1e3',
      ' 12',
      '12 ',
      '',
      'abc',
      '0x1f',
      'Infinity',
      'NaN',
      '٣',
      5.05,
      0,
      -0,
      46400,
      12n,
    ];
    let seed = 7;
    for (let index = 0; index < 5_000; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      samples.push(String(seed % 10 ** ((index % 15) + 1)));
    }
    for (const value of samples) expect(Object.is(toNumber(value), Number(value))).toBe(true);
    expect(toNumber(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { byFastestGrowth, type CountryGrowth } from './ranking';

describe('byFastestGrowth', () => {
  const entries: CountryGrowth[] = [
    { country: 'BR', views: 27_200, growth: -0.204 },
    { country: 'IT', views: 188_700, growth: -0.146 },
    { country: 'NZ', views: 300, growth: null },
    { country: 'AU', views: 12_400, growth: -0.204 },
    { country: 'AR', views: 7_200, growth: -0.204 },
    { country: 'IS', views: 500, growth: null },
    { country: 'TR', views: 7_200, growth: -0.204 },
    { country: 'US', views: 84_500, growth: 0.05 },
  ];

  it('puts new countries first, then growth, views and country code', () => {
    expect([...entries].sort(byFastestGrowth).map((entry) => entry.country)).toEqual([
      'IS', // new, more views
      'NZ', // new
      'US', // +5 %
      'IT', // −14.6 %
      'BR', // −20.4 %, 27.2K views
      'AU', // −20.4 %, 12.4K views
      'AR', // −20.4 %, 7.2K views, AR before TR
      'TR',
    ]);
  });

  it('gives the same order whatever order the rows come in', () => {
    const expected = [...entries].sort(byFastestGrowth);
    for (let shift = 1; shift < entries.length; shift += 1) {
      const rotated = [...entries.slice(shift), ...entries.slice(0, shift)].reverse();
      expect(rotated.sort(byFastestGrowth)).toEqual(expected);
    }
  });
});

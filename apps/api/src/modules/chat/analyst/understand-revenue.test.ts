import { describe, expect, it } from 'vitest';
import { understandQuestion } from './understand-question';
import { findCountry, previousQuarter } from './understand-revenue';

const today = '2026-11-27';

describe('understanding a question about statement money', () => {
  it.each([
    [
      'How much did I earn from Spotify in Germany last quarter?',
      { groupBy: 'month', storeWord: 'spotify', country: 'DE', isPerUnit: false },
    ],
    ['Which song pays best per stream?', { groupBy: 'song', isPerUnit: true, isLeast: false }],
    [
      'Which store pays the least per stream?',
      { groupBy: 'store', isPerUnit: true, isLeast: true },
    ],
    ['What are my royalties by country this year?', { groupBy: 'country', country: null }],
    ['How much did Apple Music pay me?', { storeWord: 'apple music' }],
    ['How much did I earn in the United States?', { country: 'US', storeWord: null }],
  ])('“%s” reads the revenue as %j', (question, expected) => {
    const plan = understandQuestion(question, today);
    expect(plan.intent).toBe('revenue');
    expect(plan.revenue).toMatchObject(expected);
  });

  it.each([
    'How much money did I make last month?',
    'How many streams did I get since March 1?',
    'Which song is my most viewed?',
    'Was my campaign worth it?',
  ])('leaves “%s” to the platform tools', (question) => {
    expect(understandQuestion(question, today).intent).not.toBe('revenue');
  });

  it('takes "last quarter" as the calendar quarter before this one', () => {
    expect(previousQuarter('2026-11-27')).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
      label: 'Q3 2026',
    });
    expect(previousQuarter('2026-02-10')).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
      label: 'Q4 2025',
    });
    expect(
      understandQuestion('earnings from spotify last quarter', today).revenue?.quarter,
    ).toEqual(previousQuarter(today));
  });

  it('finds a country named after in, from or for', () => {
    expect(findCountry('earned in germany')).toBe('DE');
    expect(findCountry('fans from south africa')).toBe('ZA');
    expect(findCountry('in the uk')).toBe('GB');
    expect(findCountry('germany')).toBeNull();
  });
});

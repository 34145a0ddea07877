import { describe, expect, it } from 'vitest';
import { resolvePeriod } from './periods';
import { findTarget, understandQuestion } from './understand-question';

const today = '2025-06-15';
const lastCompleteDay = '2025-06-12';

function windowOf(question: string) {
  const plan = understandQuestion(question, today);
  return plan.periods[0] ? resolvePeriod(plan.periods[0], lastCompleteDay, null) : null;
}

describe('understanding a question', () => {
  it.each([
    ['How many views did I get last month?', { from: '2025-05-01', to: '2025-05-31' }],
    ['Followers this year', { from: '2025-01-01', to: lastCompleteDay }],
    ['Views in the last 30 days', { from: '2025-05-14', to: lastCompleteDay }],
    ['Views in the last 7 days', { range: '7d' }],
    ['How many views did I get in April?', { from: '2025-04-01', to: '2025-04-30' }],
    ['Streams since March 3', { from: '2025-03-03', to: lastCompleteDay }],
    ['Explain my views from 2025-05-16 to 2025-06-12', { from: '2025-05-16', to: '2025-06-12' }],
    ['Why did my YouTube views spike on 2025-04-24?', { from: '2025-04-24', to: '2025-04-24' }],
    ['Views last year', { from: '2024-01-01', to: '2024-12-31' }],
    ['all time views', { range: 'all' }],
  ])('“%s” covers %j', (question, window) => {
    expect(windowOf(question)).toEqual(window);
  });

  it.each([
    ['Why did my views spike?', 'spikes', null],
    ['When will I reach 100k followers?', 'forecast', 'followers'],
    ['Was my Spring single campaign worth it?', 'campaign', null],
    ['Where are my fans?', 'audience', null],
    ['Top 3 videos by watch time', 'top-content', 'watchMinutes'],
    ['Compare YouTube vs Instagram views', 'compare-platforms', 'views'],
    ['Compare my views this month vs last month', 'compare-periods', 'views'],
    // "Explain this" asks for reasons (explain_metric), not the figure restated.
    ['Explain my estimated revenue from 2025-05-16 to 2025-06-12', 'explain', 'estimatedRevenue'],
    ['Explain my revenue from 2025-05-16 to 2025-06-12', 'explain', 'estimatedRevenue'],
    ['Explain my subscribers from 2025-05-16 to 2025-06-12 on youtube', 'explain', 'followers'],
    ['Is my Instagram growing faster than YouTube?', 'growth', 'followers'],
    ['Are my YouTube views growing faster than Instagram?', 'growth', 'views'],
    ['What should I post next?', 'posting', null],
    ['Which city should I tour?', 'tour', null],
    ['Show me other artists’ numbers', 'others-data', null],
    ['What is the weather tomorrow?', 'unknown', null],
  ])('“%s” is a %s question about %s', (question, intent, metric) => {
    const plan = understandQuestion(question, today);
    expect(plan.intent).toBe(intent);
    if (metric) expect(plan.metric).toBe(metric);
  });

  it('reads platforms and targets in plain words', () => {
    expect(understandQuestion('views on insta last week', today).platform).toBe('instagram');
    expect(understandQuestion('How many YT subs did I get?', today).platform).toBe('youtube');
    expect(findTarget('when will i reach 1 million')).toBe(1_000_000);
    expect(findTarget('when will i hit 2.5k')).toBe(2_500);
    expect(findTarget('how long until 80,000 followers')).toBe(80_000);
  });
});

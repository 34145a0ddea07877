import type { Insight } from '@crescendo/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeQuietPeriod, InsightsPanel } from './insights-panel';

function insightOf(overrides: Partial<Insight>): Insight {
  return {
    id: 'i1',
    kind: 'spike',
    direction: 'up',
    platform: 'youtube',
    day: '2026-11-10',
    title: 'YouTube views spiked on 2026-11-10',
    description: '9,000 views, 3.0× your usual 3,000.',
    isNew: false,
    evidence: { value: 9000, baseline: 3000, topContent: [], trafficSources: [] },
    ...overrides,
  } as Insight;
}

describe('InsightsPanel', () => {
  it('shows a notable drop as a drop, not a spike', () => {
    render(
      <InsightsPanel
        insights={[
          insightOf({
            id: 'd1',
            direction: 'down',
            title: 'YouTube views dropped on 2026-11-12',
            description: '1,200 views, 60 % below your usual 3,000.',
          }),
        ]}
      />,
    );
    expect(screen.getByText('Drop')).toBeTruthy();
    expect(screen.queryByText('Spike')).toBeNull();
    expect(screen.getByText(/views dropped on Nov 12, 2026/)).toBeTruthy();
  });

  it('never says nothing is unusual while the period is down', () => {
    render(
      <InsightsPanel
        insights={[]}
        trends={[
          { label: 'views', change: -0.156 },
          { label: 'watch time', change: -0.276 },
          { label: 'engagement rate', change: 0.02 },
        ]}
      />,
    );
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/nothing unusual/i);
    expect(text).toContain('views −15.6%, watch time −27.6%');
    expect(text).not.toContain('engagement rate');
  });
});

describe('describeQuietPeriod', () => {
  it('says no day stood out when nothing fell by 10 % or more', () => {
    expect(describeQuietPeriod([{ label: 'views', change: -0.05 }])).toMatch(/^No single day/);
    expect(describeQuietPeriod()).not.toMatch(/down on the one before/);
  });
});

import type { AudienceResponse } from '@crescendo/contracts';
import { describe, expect, it } from 'vitest';
import { describeCoverage } from './audience-coverage';

type Breakdown = AudienceResponse['breakdowns'][number];
const breakdown = (overrides: Partial<Breakdown>): Breakdown => ({
  platform: 'youtube',
  dimension: 'country',
  isAvailable: true,
  unavailableReason: null,
  period: { label: 'last_365_days', start: '2025-11-23', end: '2026-11-22' },
  isRequestedRange: true,
  basis: 'views',
  items: [],
  ...overrides,
});
const response = (breakdowns: Breakdown[]): AudienceResponse => ({
  platform: 'all',
  range: { from: '2025-11-23', to: '2026-11-22' },
  hasConnections: true,
  breakdowns,
  fastestGrowingCountries: [],
});

describe('describeCoverage', () => {
  it('says the breakdowns are the period picked when every one follows it', () => {
    expect(describeCoverage(response([breakdown({})]))).toBe(
      'Breakdowns for Nov 23, 2025 – Nov 22, 2026.',
    );
  });

  it('names the platforms whose breakdowns cover another period', () => {
    const text = describeCoverage(
      response([
        breakdown({}),
        breakdown({
          platform: 'instagram',
          isRequestedRange: false,
          period: { label: 'lifetime', start: null, end: '2026-11-22' },
        }),
      ]),
    );
    expect(text).toBe(
      'Breakdowns for Nov 23, 2025 – Nov 22, 2026; Instagram: the period it reports, shown on each card.',
    );
  });

  it('says when a platform covers as many days up to its own latest day', () => {
    const text = describeCoverage(
      response([
        breakdown({
          isRequestedRange: false,
          period: { label: 'last_365_days', start: '2025-11-24', end: '2026-11-23' },
        }),
      ]),
    );
    expect(text).toBe(
      'Breakdowns for Nov 23, 2025 – Nov 22, 2026; YouTube: the same 365 days, up to its own latest complete day.',
    );
  });

  it('names each platform’s own days where they differ from the common window', () => {
    const text = describeCoverage({
      ...response([
        breakdown({ period: { label: 'last_28_days', start: '2026-10-29', end: '2026-11-25' } }),
        breakdown({
          platform: 'instagram',
          period: { label: 'last_28_days', start: '2026-10-28', end: '2026-11-24' },
        }),
      ]),
      range: { from: '2026-10-28', to: '2026-11-24' },
      platformRanges: {
        youtube: { from: '2026-10-29', to: '2026-11-25', days: 28 },
        instagram: { from: '2026-10-28', to: '2026-11-24', days: 28 },
      },
    });
    expect(text).toBe(
      'Breakdowns for Oct 29 – Nov 25, 2026 on YouTube, Oct 28 – Nov 24, 2026 on Instagram: each platform’s own days for the period.',
    );
  });

  it('names the platform whose own days the breakdowns cover when they are not the range', () => {
    const text = describeCoverage({
      ...response([
        breakdown({ period: { label: 'last_28_days', start: '2026-10-30', end: '2026-11-26' } }),
      ]),
      range: { from: '2026-10-29', to: '2026-11-25' },
      platformRanges: { youtube: { from: '2026-10-30', to: '2026-11-26', days: 28 } },
    });
    expect(text).toBe(
      'Breakdowns for Oct 30 – Nov 26, 2026 on YouTube: its own days for the period.',
    );
  });
});

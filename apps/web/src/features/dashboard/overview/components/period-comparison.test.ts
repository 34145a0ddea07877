import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { describe, expect, it } from 'vitest';
import { describePartialComparison } from './period-comparison';

type Range = DashboardAnalyticsResponse['range'];
const range = (previous: Range['previous']): Range => ({
  from: '2025-11-23',
  to: '2026-11-22',
  days: 365,
  granularity: 'week',
  previous,
});

describe('describePartialComparison', () => {
  it('names the previous span and where the data starts when the comparison is partial', () => {
    const text = describePartialComparison(
      range({ from: '2024-11-23', to: '2025-11-22', isPartial: true, availableFrom: '2025-01-03' }),
    );
    expect(text).toBe(
      'Partial comparison: the previous 12 months (Nov 23, 2024 – Nov 22, 2025) reach before your data starts Jan 3, 2025, so figures are not compared with them.',
    );
  });

  it('says a platform has no synced data yet when no start is known', () => {
    const text = describePartialComparison(
      range({ from: '2024-11-23', to: '2025-11-22', isPartial: true, availableFrom: null }),
    );
    expect(text).toBe(
      'Partial comparison: a platform has no synced data yet for the previous 12 months (Nov 23, 2024 – Nov 22, 2025), so figures are not compared with them.',
    );
  });

  it('says nothing when the previous period is whole or comparison is off', () => {
    expect(
      describePartialComparison(
        range({ from: '2024-11-23', to: '2025-11-22', isPartial: false, availableFrom: null }),
      ),
    ).toBeNull();
    expect(describePartialComparison(range(null))).toBeNull();
  });
});

import type { ReportedThrough } from '@crescendo/contracts';
import { describe, expect, it } from 'vitest';
import { lastReportedMonth, monthsBetween, toMonthFigures } from './revenue-months';

const reported = (source: ReportedThrough['source'], through: string | null): ReportedThrough => ({
  source,
  through,
  importedAt: through ? '2026-06-01T10:00:00Z' : null,
});

describe('revenue months', () => {
  it('lists the months of a range across a year end', () => {
    expect(monthsBetween('2025-11-15', '2026-02-03')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('reads how far the money is reported from statements, not from Spotify exports', () => {
    expect(
      lastReportedMonth([reported('spotify', '2026-05-30'), reported('distrokid', '2026-03-31')]),
    ).toBe('2026-03');
    expect(lastReportedMonth([reported('spotify', '2026-05-30')])).toBeNull();
  });

  it('leaves months after the last statement without a figure, and marks partly reported ones', () => {
    const figures = toMonthFigures({
      range: { from: '2026-01-01', to: '2026-05-31' },
      rows: [
        { key: '2026-01', label: 'January 2026', earnings: 10, quantity: 100, perUnit: 0.1 },
        { key: '2026-03', label: 'March 2026', earnings: 5, quantity: 50, perUnit: 0.1 },
      ],
      reportedThrough: [reported('distrokid', '2026-03-31'), reported('tunecore', '2026-02-28')],
    });
    expect(figures.map((figure) => [figure.month, figure.earnings, figure.isPartial])).toEqual([
      ['2026-01', 10, false],
      ['2026-02', 0, false],
      ['2026-03', 5, true],
      ['2026-04', null, false],
      ['2026-05', null, false],
    ]);
    // A partly reported month names the sources that have not reached it.
    expect(figures.map((figure) => figure.unreportedSources)).toEqual([
      [],
      [],
      ['tunecore'],
      [],
      [],
    ]);
  });
});

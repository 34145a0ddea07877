import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCompactNumber } from '@/lib/format';
import { GrowthTooltip } from './growth-tooltip';

const colors = { brand: '#7c3aed', previous: '#71717a' };

describe('GrowthTooltip', () => {
  it('labels this period’s and the previous period’s values with their own dates', () => {
    render(
      <GrowthTooltip
        row={{ date: '2026-11-12', current: 1234, previous: 901, previousDate: '2026-10-15' }}
        granularity="day"
        format={formatCompactNumber}
        colors={colors}
        hasPrevious
      />,
    );
    const [current, previous] = screen.getAllByRole('listitem');
    expect(current?.textContent).toBe('This periodNov 12, 20261.2K');
    expect(previous?.textContent).toBe('Previous periodOct 15, 2026901');
  });

  it('names weeks by their first day and shows a missing value as —', () => {
    render(
      <GrowthTooltip
        row={{ date: '2026-11-09', current: null, previous: null, previousDate: null }}
        granularity="week"
        format={formatCompactNumber}
        colors={colors}
        hasPrevious={false}
      />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem').textContent).toBe('This periodWeek of Nov 9, 2026—');
  });
});

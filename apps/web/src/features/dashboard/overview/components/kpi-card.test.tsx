import { render, screen } from '@testing-library/react';
import { Eye } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { KpiCard, KpiDelta } from './kpi-card';

describe('KpiDelta', () => {
  it('says the direction in words, an arrow and the signed change', () => {
    render(<KpiDelta change={0.123} comparedTo="previous 28 days" />);
    const delta = screen.getByTestId('kpi-delta');
    expect(delta.textContent).toBe('▲Up+12.3% vs previous 28 days');
    expect(delta.className).toContain('text-emerald-700');
  });

  it('marks a fall in red with a down arrow', () => {
    render(<KpiDelta change={-0.0932} comparedTo="previous 7 days" />);
    const delta = screen.getByTestId('kpi-delta');
    expect(delta.textContent).toBe('▼Down-9.3% vs previous 7 days');
    expect(delta.className).toContain('text-red-700');
  });

  it('renders nothing when there is no change to report', () => {
    const { container } = render(<KpiDelta change={null} comparedTo="previous 28 days" />);
    expect(container.textContent).toBe('');
  });
});

describe('KpiCard', () => {
  it('reads a missing value as Not available and shows the hint, not a zero', () => {
    render(<KpiCard icon={Eye} label="Watch time" value="—" hint="Only YouTube reports it." />);
    expect(screen.getByText('Not available')).toBeTruthy();
    expect(screen.getByText('Only YouTube reports it.')).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
  });

  it('shows no delta when comparison is off', () => {
    render(<KpiCard icon={Eye} label="Views" value="1.1M" change={0.2} comparedTo={null} />);
    expect(screen.getByText('1.1M')).toBeTruthy();
    expect(screen.queryByTestId('kpi-delta')).toBeNull();
  });

  it('shows a skeleton while loading', () => {
    render(<KpiCard icon={Eye} label="Views" isLoading />);
    expect(screen.getByText('Loading Views')).toBeTruthy();
  });
});

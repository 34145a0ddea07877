import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_BANNER_TEXT, DemoBanner } from './demo-banner';

describe('DemoBanner', () => {
  it('says payments and platforms are simulated on a public demo', () => {
    render(<DemoBanner isDemo />);
    expect(screen.getByRole('note').textContent).toBe('Demo: payments and platforms are simulated');
    expect(DEMO_BANNER_TEXT).toBe('Demo: payments and platforms are simulated');
  });

  it('shows nothing elsewhere', () => {
    const { container } = render(<DemoBanner isDemo={false} />);
    expect(container.innerHTML).toBe('');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AsyncErrorView } from './async-error';

describe('AsyncErrorView', () => {
  it('shows Async Operation Failed with a Retry button', () => {
    const onRetry = vi.fn();
    render(<AsyncErrorView error={new Error('Timed out')} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    expect(screen.getByText('Timed out')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

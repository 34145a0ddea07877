import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingScreen } from './loading-screen';

describe('LoadingScreen', () => {
  it("defaults to 'Loading...'", () => {
    render(<LoadingScreen />);
    expect(screen.getByText('Loading...', { selector: 'p' })).toBeTruthy();
  });
  it('accepts another message', () => {
    render(<LoadingScreen message="Initializing..." />);
    expect(screen.getByText('Initializing...', { selector: 'p' })).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, shouldRetryQuery } from './query-client';

describe('query client', () => {
  it('is fresh for 5 minutes, kept 10, no refetch on focus, mutations never retry', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(300_000);
    expect(defaults.queries?.gcTime).toBe(600_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('retries queries up to 3 times, never on 401', () => {
    const serverError = new ApiError('Server error occurred', 'SERVER_ERROR', 500);
    expect(shouldRetryQuery(0, serverError)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(true);
    expect(shouldRetryQuery(3, serverError)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Unauthorized', 'UNAUTHENTICATED', 401))).toBe(false);
  });
});

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getErrorStatus } from './api-error';

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
export const QUERY_MAX_RETRIES = 3;

/** Queries retry up to 3 times, never on 401. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (getErrorStatus(error) === 401) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

export function createQueryClient(onError?: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onError?.(error) }),
    mutationCache: new MutationCache({ onError: (error) => onError?.(error) }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

import {
  QueryClientContext,
  QueryClientProvider,
  useQueryErrorResetBoundary,
} from '@tanstack/react-query';
import { use, useLayoutEffect, type ReactNode } from 'react';
import { errorLog } from './error-log';
import { createQueryClient } from './query-client';
import { registerServerDataCache } from './server-data';

/** The app's one server-data cache (spec §9 settings); failures feed the error log. */
const queryClient = createQueryClient((error) => errorLog.record(error, 'Query'));

/**
 * Provides the query client to a part of the app that uses server data. Several parts may each
 * wrap themselves: they share the one client (an outer provider's, in tests) and its cache.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  const outer = use(QueryClientContext);
  const client = outer ?? queryClient;
  const { reset } = useQueryErrorResetBoundary();
  useLayoutEffect(() => {
    registerServerDataCache({
      clear: () => client.clear(),
      invalidate: (queryKey) => client.invalidateQueries({ queryKey }),
      resetQueryErrors: reset,
    });
  }, [client, reset]);
  return outer ? children : <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

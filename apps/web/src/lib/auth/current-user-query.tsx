import type { MeResponse } from '@crescendo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { getErrorStatus } from '../api-error';
import { DataProvider } from '../data-provider';
import { currentUserQueryKey, fetchCurrentUser } from './auth-api';

/** Where the signed-in identity's backend user stands. */
export type CurrentUserState = {
  identityUserId: string;
  data: MeResponse | null;
  error: unknown;
  isPending: boolean;
};

type CurrentUserQueryProps = {
  identityUserId: string;
  onChange: (state: CurrentUserState) => void;
};

function CurrentUserObserver({ identityUserId, onChange }: CurrentUserQueryProps) {
  const { data, error, isPending } = useQuery({
    queryKey: currentUserQueryKey(identityUserId),
    queryFn: fetchCurrentUser,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failureCount, failure) => {
      const status = getErrorStatus(failure);
      if (status === 401 || (status !== undefined && status >= 500)) return false;
      return failureCount < 3;
    },
  });
  // Before paint, so the guards never show a frame with the user's old state.
  useLayoutEffect(() => {
    onChange({ identityUserId, data: data ?? null, error, isPending });
  }, [identityUserId, data, error, isPending, onChange]);
  return null;
}

/**
 * The backend user lives in the server-data cache like any other server data. This component
 * loads with the data layer once someone is signed in, and reports the query to the auth context.
 */
export function CurrentUserQuery(props: CurrentUserQueryProps) {
  return (
    <DataProvider>
      <CurrentUserObserver {...props} />
    </DataProvider>
  );
}

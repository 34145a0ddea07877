import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { defaultPeriod, parsePeriod, PERIOD_PARAM, type Period } from './period';

/**
 * The analytics period in the URL (`?range=90d`); the default is left out. Changing it keeps
 * every other parameter but the page: a new period is a new list, read from its first page.
 */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => parsePeriod(params.get(PERIOD_PARAM)), [params]);
  const setPeriod = useCallback(
    (next: Period) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === defaultPeriod) updated.delete(PERIOD_PARAM);
          else updated.set(PERIOD_PARAM, next);
          updated.delete('page');
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return { period, setPeriod };
}

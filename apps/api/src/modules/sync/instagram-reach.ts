import { upsertRangeTotals, type RangeTotalValues } from '../analytics';
import { addDays, mapWithConcurrency } from './days';
import type { SyncContext } from './sync-context';

/**
 * The spans the analytics periods can ask reach for that Graph can answer: `reach` is a count of
 * unique accounts, so a period's reach is Graph's own `total_value` over exactly that span, and
 * Graph gives one for at most 30 days. Longer periods have no reach total.
 */
export const reachTotalSpans = [7, 28] as const;

/** Each span ending on `lastDay` and the span before it (the previous period), within history. */
export function reachTotalWindows(lastDay: string, earliest: string) {
  return reachTotalSpans
    .flatMap((days) => [
      { from: addDays(lastDay, -(days - 1)), to: lastDay },
      { from: addDays(lastDay, -(2 * days - 1)), to: addDays(lastDay, -days) },
    ])
    .filter((window) => window.from >= earliest);
}

export async function syncInstagramReachTotals(
  context: SyncContext,
  token: string,
  instagramId: string,
  accountId: string,
  window: { lastDay: string; earliest: string },
): Promise<void> {
  const { db, services, connection, signal } = context;
  const windows = reachTotalWindows(window.lastDay, window.earliest);
  const rows = await mapWithConcurrency(windows, 4, async ({ from, to }) => {
    const entries = await services.meta.fetchInsights(
      token,
      instagramId,
      {
        metric: 'reach',
        period: 'day',
        metric_type: 'total_value',
        since: from,
        until: addDays(to, 1),
      },
      signal,
    );
    const value = entries.find((entry) => entry.name === 'reach')?.total_value?.value;
    if (typeof value !== 'number') return null;
    const row: RangeTotalValues = {
      accountId,
      organizationId: connection.organizationId,
      metric: 'reach',
      fromDay: from,
      toDay: to,
      value,
    };
    return row;
  });
  await upsertRangeTotals(
    db,
    rows.filter((row): row is RangeTotalValues => row !== null),
  );
}

import type { AudienceResponse } from '@crescendo/contracts';
import { byFastestGrowth } from '../calculations/ranking';
import type { Platform } from '../shared/platforms';
import { round4 } from '../shared/totals';
import type { BreakdownRow } from './list-breakdowns';

/** Countries whose views grew most from the earlier period snapshot to the latest one. */
export function fastestGrowingCountries(
  rows: BreakdownRow[],
  platformOf: Map<string, Platform>,
): AudienceResponse['fastestGrowingCountries'] {
  const result: AudienceResponse['fastestGrowingCountries'] = [];
  const byAccount = new Map<string, BreakdownRow[]>();
  for (const row of rows) {
    if (row.dimension !== 'country' || row.views === null) continue;
    const accountRows = byAccount.get(row.accountId);
    if (accountRows) accountRows.push(row);
    else byAccount.set(row.accountId, [row]);
  }
  for (const [accountId, accountRows] of byAccount) {
    const current = accountRows.filter((row) => row.periodLabel === 'last_28_days');
    const previousViews = new Map(
      accountRows
        .filter((row) => row.periodLabel === 'previous_28_days')
        .map((row) => [row.value, row.views]),
    );
    if (current.length === 0 || previousViews.size === 0) continue;
    for (const row of current) {
      const before = Number(previousViews.get(row.value) ?? 0);
      const views = Number(row.views);
      result.push({
        platform: platformOf.get(accountId)!,
        country: row.value,
        views,
        previousViews: before,
        growth: before > 0 ? round4((views - before) / before) : null,
      });
    }
  }
  return result
    .filter((entry) => entry.views >= 100)
    .sort(byFastestGrowth)
    .slice(0, 5);
}

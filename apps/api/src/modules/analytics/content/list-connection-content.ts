import type { ContentListResponse } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import {
  listContentItemsByIds,
  listContentPage,
  type AccountRow,
  type ContentListQuery,
} from '../account-data/account-data.repository';
import { toWindowQuery } from '../account-data/describe-account';
import { resolveScope, windowOf, type AnalyticsViewer } from '../shared/scope';
import { dailyContentPlatforms, listContent } from './content.repository';

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * A connection's content as /youtube and /meta list it (`accounts`: the connection's synced
 * accounts). With a period, a platform that reports per-day figures per item (YouTube, TikTok)
 * lists and sorts every item by that period's figures, over the platform's own window as every
 * reader resolves it, so a video's views sit beside the channel's for the same days. A platform
 * that reports lifetime counters only (Graph's media insights) lists those, said as lifetime:
 * one list never sorts figures of both kinds.
 */
export async function listConnectionContentItems(
  db: Database,
  viewer: AnalyticsViewer,
  accounts: AccountRow[],
  connectionId: string,
  query: ContentListQuery,
): Promise<ContentListResponse> {
  const paging = { page: query.page, pageSize: query.pageSize };
  const hasPeriod = Boolean(query.range || query.from || query.to);
  const inScope = accounts.filter((account) => !query.accountId || account.id === query.accountId);
  const platform = inScope[0]?.platform;
  const isRangeBased =
    hasPeriod &&
    platform !== undefined &&
    inScope.every(
      (account) =>
        account.platform === platform && dailyContentPlatforms.includes(account.platform),
    );
  if (!isRangeBased || platform === undefined) {
    if (hasPeriod) toWindowQuery(query);
    const page = await listContentPage(db, viewer.organization.id, connectionId, query);
    return { ...page, ...paging, figures: 'lifetime', range: null };
  }
  const scope = await resolveScope(db, viewer, { ...toWindowQuery(query), platform });
  const { from, to, historyLimit } = windowOf(scope, platform);
  const isCsv = query.format === 'csv';
  const { rows, total } = await listContent(db, viewer.organization.id, {
    accountIds: inScope.map((account) => account.id),
    from,
    to,
    type: query.kind ?? 'all',
    search: query.search || undefined,
    sort: query.sort,
    order: query.order,
    limit: isCsv ? null : query.pageSize,
    offset: isCsv ? 0 : (query.page - 1) * query.pageSize,
  });
  const items = await listContentItemsByIds(
    db,
    viewer.organization.id,
    rows.map((row) => row.id),
  );
  const periodOf = new Map(
    rows.map((row) => [
      row.id,
      {
        views: toNumber(row.views),
        watchMinutes: toNumber(row.watchMinutes),
        likes: toNumber(row.likes),
        comments: toNumber(row.comments),
        shares: toNumber(row.shares),
        saves: toNumber(row.saves),
      },
    ]),
  );
  return {
    items: items.map((item) => ({ ...item, period: periodOf.get(item.id) ?? null })),
    total,
    ...paging,
    figures: 'range',
    range: { from, to, historyLimit },
  };
}

// The analytics module's public surface: other modules (connections, chat, billing, sharing) import
// from here, never from its files. It owns the analytics model end to end: the dashboard's reads,
// the account data behind /youtube and /meta, and the writes a sync makes.
export { describeAccount, type AccountRange } from './account-data/describe-account';
export {
  listConnectionAccounts,
  type AccountRow,
  type ContentListQuery,
} from './account-data/account-data.repository';
export { createAnalyticsResponseCache, type AnalyticsResponseCache } from './cache/response-cache';
export { getFreshness, type AccountFreshness } from './accounts/get-freshness';
export { getAudience } from './audience/get-audience';
export { insertCampaign } from './campaigns/campaigns.repository';
export { createCampaign } from './campaigns/create-campaign';
export { removeCampaign } from './campaigns/remove-campaign';
export { replaceCampaign } from './campaigns/replace-campaign';
export { contentCsvHeaders, toContentCsv } from './content/export-content-csv';
export {
  connectionContentCsvHeaders,
  toConnectionContentCsv,
} from './content/export-connection-content-csv';
export { getContent } from './content/list-content';
export { listConnectionContentItems } from './content/list-connection-content';
export {
  listContentItemsForLinking,
  type LinkableContentItem,
} from './content/list-linkable-content';
export { acknowledgeInsight } from './insights/acknowledge-insight';
export { refreshInsights } from './insights/refresh-insights';
export { overviewCsvHeaders, toOverviewCsv } from './overview/export-overview-csv';
export { getDashboardAnalytics } from './overview/get-overview';
export { getRoi } from './roi/get-roi';
export { getRevenue, type RevenueAnswer, type RevenueQueryInput } from './revenue/get-revenue';
export { revenueCsvHeaders, toRevenueCsv } from './revenue/export-revenue-csv';
export { formatMonth } from './revenue/revenue-range';
export { platformNames } from './shared/platforms';
export type { AnalyticsViewer } from './shared/scope';
export { upsertRangeTotals, type RangeTotalValues } from './range-totals/range-totals';
export * from './writes/analytics-writes';
export { analyzeAnalyticsTables } from './writes/analyze-tables';
export * from './writes/snapshots';
export { analyticsRoutes } from './analytics.routes';

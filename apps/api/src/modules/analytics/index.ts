// The analytics module's public surface: other modules (connections, chat, billing, sharing) import
// from here, never from its files.
export {
  acknowledgeInsight,
  createCampaign,
  getAudience,
  getContent,
  getDashboardAnalytics,
  getRoi,
  refreshInsights,
  removeCampaign,
  replaceCampaign,
  toContentCsv,
} from './analytics.service';

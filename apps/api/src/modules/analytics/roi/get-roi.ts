import type { Campaign, DashboardQuery, RoiResponse } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import type { CurrentUser } from '../../users';
import { listCampaigns } from '../campaigns/campaigns.repository';
import { evaluateCampaign, totalCampaigns, type DailySeries } from '../calculations/roi';
import { platformsOf } from '../shared/platforms';
import { addKnown, netOfDay } from '../shared/totals';
import { listCampaignPlatformDays, type CampaignPlatformDay } from './list-campaign-platform-days';

export async function getRoi(
  db: Database,
  user: CurrentUser,
  query: DashboardQuery,
): Promise<RoiResponse> {
  // The days come with their window worked out by the database, so all three are read at once.
  const [campaigns, days] = await Promise.all([
    listCampaigns(db, user.organization.id),
    listCampaignPlatformDays(db, user.organization.id, platformsOf(query)),
  ]);
  const daily = dailyTotalsOf(days);
  const currency = campaigns[0]?.currency ?? 'USD';
  const inCurrency = campaigns.filter((campaign) => campaign.currency === currency);
  const asInput = (campaign: Campaign) => ({
    id: campaign.id,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    spend: campaign.amount,
    enteredRevenue: campaign.extraRevenue,
  });
  return {
    platform: query.platform,
    currency,
    campaigns: campaigns.map((campaign) => {
      const {
        id: _id,
        spend: _spend,
        enteredRevenue: _entered,
        ...result
      } = evaluateCampaign(asInput(campaign), daily);
      return { campaign, ...result };
    }),
    totals: totalCampaigns(inCurrency.map(asInput), daily),
    excludedFromTotals: campaigns
      .filter((campaign) => campaign.currency !== currency)
      .map((campaign) => campaign.id),
  };
}

/** Per-day totals across the platforms in scope; a day no platform reported stays unknown. */
function dailyTotalsOf(days: CampaignPlatformDay[]): DailySeries {
  const daily: DailySeries = new Map();
  for (const day of days) {
    let totals = daily.get(day.dayNumber);
    if (!totals) {
      totals = { netFollowers: null, views: null, revenue: null };
      daily.set(day.dayNumber, totals);
    }
    totals.netFollowers = addKnown(totals.netFollowers, netOfDay(day));
    totals.views = addKnown(totals.views, day.views);
    totals.revenue = addKnown(totals.revenue, day.estimatedRevenue);
  }
  return daily;
}

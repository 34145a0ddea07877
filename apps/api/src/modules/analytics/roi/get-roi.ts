import {
  measuredPlatformsOf,
  type Campaign,
  type RoiQuery,
  type RoiResponse,
} from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import { dayNumber } from '../../../lib/days';
import { listCampaigns } from '../campaigns/campaigns.repository';
import {
  baselineDays,
  evaluateCampaigns,
  totalCampaigns,
  type CampaignInput,
  type CampaignResult,
  type DailySeries,
} from '../calculations/roi';
import { platformsOf, type Platform } from '../shared/platforms';
import { platformRangesOf, resolveScope, type AnalyticsViewer } from '../shared/scope';
import { addKnown, netOfDay } from '../shared/totals';
import { readCurrency, readSourceReports } from '../revenue/read-revenue';
import { listCampaignPlatformDays, type CampaignPlatformDay } from './list-campaign-platform-days';
import { measureMoneyReturns } from './measure-money-returns';
import {
  readCampaignStatementMonths,
  readCampaignStreamDays,
  readCampaignSubjects,
} from './read-campaign-statements';

/**
 * Campaign ROI over the period: the campaigns that ran in it, each measured over its own dates
 * against the run-rate before it (see `evaluateCampaigns`) on the platforms of its channel (or all
 * of them, as the artist chose), and their totals. A campaign's figures never depend on the
 * period; the period only picks which campaigns are shown.
 */
export async function getRoi(
  db: Database,
  user: AnalyticsViewer,
  query: RoiQuery,
): Promise<RoiResponse> {
  // The days come with their window worked out by the database, so all three are read at once.
  const organizationId = user.organization.id;
  const scopePlatforms = platformsOf(query);
  const [scope, campaigns, days, statementMonths, streamDays, subjects, reports, accountCurrency] =
    await Promise.all([
      resolveScope(db, user, query),
      listCampaigns(db, organizationId),
      listCampaignPlatformDays(db, organizationId, scopePlatforms),
      readCampaignStatementMonths(db, organizationId),
      readCampaignStreamDays(db, organizationId),
      readCampaignSubjects(db, organizationId),
      readSourceReports(db, organizationId),
      readCurrency(db, organizationId),
    ]);
  const moneyReturns = measureMoneyReturns({
    campaigns,
    currency: accountCurrency,
    months: statementMonths,
    streams: streamDays,
    subjects,
    reports,
  });
  // Days after the last complete one are still moving on the platforms: never measured.
  const lastDay = dayNumber(scope.lastCompleteDay);
  const daily = dailyTotalsOf(days, lastDay);
  const platformsOfCampaign = (campaign: Campaign): Platform[] =>
    measuredPlatformsOf(campaign.channel, campaign.measureOn).filter((platform) =>
      scopePlatforms.includes(platform),
    );
  // One daily series per set of platforms campaigns are measured on.
  const seriesByPlatforms = new Map<string, DailySeries>();
  const seriesOf = (platforms: Platform[]) => {
    const key = platforms.join(',');
    let series = seriesByPlatforms.get(key);
    if (!series) {
      series =
        platforms.length === scopePlatforms.length
          ? daily
          : dailyTotalsOf(
              days.filter((day) => platforms.includes(day.platform)),
              lastDay,
            );
      seriesByPlatforms.set(key, series);
    }
    return series;
  };
  const { from, to, days: rangeDays } = scope.range;
  // A preset period runs up to now, so campaigns still running or planned are shown with it;
  // "all" shows every campaign, even one from before the first day of data.
  const shownFrom = query.range === 'all' ? '0000-01-01' : from;
  const shownTo = query.to ? to : '9999-12-31';
  const shown = campaigns.filter(
    (campaign) => campaign.startDate <= shownTo && campaign.endDate >= shownFrom,
  );
  const currency = shown[0]?.currency ?? campaigns[0]?.currency ?? 'USD';
  // The campaigns of one currency measured on the same platforms are evaluated together, over
  // all their dates, so an overlap with a campaign outside the period is still split the same
  // way. Campaigns on other platforms do not share those platforms' lift.
  const results = new Map<string, CampaignResult>();
  const everyCampaign = campaigns.map(asInput);
  const groups = new Map<string, { platforms: Platform[]; members: Campaign[] }>();
  for (const campaign of campaigns) {
    const platforms = platformsOfCampaign(campaign);
    const key = `${campaign.currency}|${platforms.join(',')}`;
    const group = groups.get(key) ?? { platforms, members: [] };
    group.members.push(campaign);
    groups.set(key, group);
  }
  for (const { platforms, members } of groups.values()) {
    const measured = evaluateCampaigns(members.map(asInput), seriesOf(platforms), everyCampaign);
    for (const [id, result] of measured) results.set(id, result);
  }
  const inCurrency = shown.filter((campaign) => campaign.currency === currency);
  return {
    platform: query.platform,
    currency,
    range: { from, to, days: rangeDays },
    platformRanges: platformRangesOf(scope),
    baselineDays,
    campaigns: shown.map((campaign) => {
      const { id: _id, ...result } = results.get(campaign.id)!;
      return {
        campaign,
        ...result,
        platforms: platformsOfCampaign(campaign),
        moneyReturn: moneyReturns.get(campaign.id)!,
      };
    }),
    totals: totalCampaigns(inCurrency.map(asInput), results, daily),
    excludedFromTotals: shown
      .filter((campaign) => campaign.currency !== currency)
      .map((campaign) => campaign.id),
  };
}

function asInput(campaign: Campaign): CampaignInput {
  return {
    id: campaign.id,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    spend: campaign.amount,
    enteredRevenue: campaign.extraRevenue,
  };
}

/** Per-day totals across the platforms in scope up to `lastDay`; unreported days stay out. */
function dailyTotalsOf(days: CampaignPlatformDay[], lastDay: number): DailySeries {
  const daily: DailySeries = new Map();
  for (const day of days) {
    if (day.dayNumber > lastDay) continue;
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

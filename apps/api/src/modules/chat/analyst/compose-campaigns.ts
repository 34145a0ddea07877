import type { CampaignResult } from '@crescendo/contracts';
import { composeCannotAnswer } from './compose-answer';
import {
  formatChange,
  formatCount,
  formatDay,
  formatMoney,
  formatSigned,
  quoteTitle,
  type PlatformChoice,
} from './formatting';
import type { QuestionPlan } from './understand-question';

/** What the campaign ROI tool returns (the ROI page's figures, every campaign). */
export type RoiOutput = {
  platform: PlatformChoice;
  currency: string;
  baselineDays: number;
  campaigns: CampaignResult[];
  totals: {
    spend: number;
    platformRevenue: number;
    revenueLift: number | null;
    enteredRevenue: number;
    revenue: number | null;
    roi: number | null;
  };
};

/** What a campaign's baseline was, in words (the run-rate its lift is measured against). */
function baselineWords(result: CampaignResult, baselineDays: number): string {
  const { baseline } = result;
  if (baseline.status === 'missing')
    return 'there is no data before it to measure a baseline from, so its lift is unknown';
  const skipped = baseline.campaignDaysSkipped;
  const window = `${formatDay(baseline.from)} to ${formatDay(baseline.to)}${skipped > 0 ? `, leaving out ${formatCount(skipped)} ${skipped === 1 ? 'day' : 'days'} of other campaigns` : ''}`;
  return baseline.status === 'full'
    ? `against the daily average of the ${baselineDays} campaign-free days before it (${window})`
    : `against the daily average of only ${formatCount(baseline.knownDays)} days of data before it (${window}: a partial baseline)`;
}

const platformNames: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};

/** Where its figures come from: its channel's platforms, or every platform. */
function platformWords(result: CampaignResult): string {
  const names = result.platforms.map((platform) => platformNames[platform] ?? platform);
  if (names.length === 0) return 'measured on no platform in this view';
  if (result.campaign.measureOn === 'all' && names.length > 1) return 'measured on every platform';
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `measured on ${list}`;
}

export function composeCampaigns(plan: QuestionPlan, output: RoiOutput): string {
  if (output.campaigns.length === 0) {
    return plan.campaignName
      ? composeCannotAnswer(
          `I found no campaign named like “${plan.campaignName}”. Record campaigns on the ROI page.`,
        )
      : 'You have not recorded any campaign yet. Add one on the **ROI** page (spend, dates, channel) and I can tell you whether it paid off.';
  }
  const lines = output.campaigns.slice(0, 5).map((result) => {
    const money = (value: number) => formatMoney(value, result.campaign.currency);
    const signedMoney = (value: number) => `${value < 0 ? '−' : '+'}${money(Math.abs(value))}`;
    const lifts = [
      // Counts are whole: the baseline's average day is not.
      result.followerLift === null
        ? null
        : `${formatSigned(Math.round(result.followerLift))} followers`,
      result.viewLift === null ? null : `${formatSigned(Math.round(result.viewLift))} views`,
      result.revenueLift === null ? null : `${signedMoney(result.revenueLift)} platform revenue`,
    ].filter((part) => part !== null);
    const lift = lifts.length === 0 ? 'lift unknown' : `${lifts.join(', ')} above the usual pace`;
    const entered =
      result.enteredRevenue > 0
        ? `; ROI also counts ${money(result.enteredRevenue)} of revenue you entered`
        : '';
    const shared =
      result.overlapsWith.length > 0
        ? ' Days it shared with other campaigns are split between them by daily spend.'
        : '';
    const cost =
      result.costPerNetNewFollower === null
        ? ''
        : `; ${money(result.costPerNetNewFollower)} per net new follower`;
    const verdict =
      result.roi === null
        ? 'ROI cannot be worked out yet'
        : result.roi >= 0
          ? `ROI **${formatChange(result.roi)}**: it paid for itself`
          : `ROI **${formatChange(result.roi)}**: it has not paid for itself in revenue`;
    return `- **${quoteTitle(result.campaign.name)}** (${formatDay(result.campaign.startDate)} to ${formatDay(result.campaign.endDate)}): spent ${money(result.campaign.amount)}; ${platformWords(result)}, ${baselineWords(result, output.baselineDays)}: ${lift}${entered}${cost}. ${verdict}.${shared}`;
  });
  const { totals } = output;
  const all =
    output.campaigns.length > 1 && !plan.campaignName
      ? `\n\nAll campaigns: spent ${formatMoney(totals.spend, output.currency)}, ${
          totals.revenue === null
            ? 'revenue lift not measurable for every campaign'
            : `revenue above the usual pace and entered ${formatMoney(totals.revenue, output.currency)}`
        } (the platforms' revenue on those days: ${formatMoney(totals.platformRevenue, output.currency)})${
          totals.roi === null ? '' : `, ROI ${formatChange(totals.roi)}`
        }.`
      : '';
  return `${lines.join('\n')}${all}`;
}

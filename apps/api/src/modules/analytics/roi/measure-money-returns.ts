import type { Campaign, CampaignMoneyReturn } from '@crescendo/contracts';
import { dayNumber, formatDay } from '../../../lib/days';
import {
  baselineLookbackDays,
  evaluateCampaigns,
  type CampaignInput,
  type DailySeries,
} from '../calculations/roi';
import type { SourceReportRow } from '../revenue/read-revenue';
import { nextMonth } from '../revenue/revenue-range';
import type { CampaignStatementMonth, CampaignStreamDay } from './read-campaign-statements';

type Subject = CampaignMoneyReturn['subject'];

/** A source silent this many months before a campaign's baseline began is taken as stopped. */
const stoppedAfterMonths = 12;

const monthOfDay = (day: number) => formatDay(new Date(day * 86_400_000)).slice(0, 7);

function shiftMonth(month: string, offset: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + monthNumber - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function daysInMonth(month: string): number {
  return dayNumber(`${nextMonth(month)}-01`) - dayNumber(`${month}-01`);
}

function subjectOf(campaign: Campaign, titles: Map<string, string>): Subject {
  if (campaign.songIsrc) {
    const key = campaign.songIsrc;
    return { kind: 'song', key, label: titles.get(`song:${key}`) ?? key };
  }
  if (campaign.releaseUpc) {
    const key = campaign.releaseUpc;
    return { kind: 'release', key, label: titles.get(`release:${key}`) ?? key };
  }
  return { kind: 'artist', key: null, label: 'All songs' };
}

const isOfSubject = (subject: Subject, row: { isrc: string; upc: string }) =>
  subject.kind === 'artist'
    ? true
    : subject.kind === 'song'
      ? row.isrc === subject.key
      : row.upc === subject.key;

/**
 * The month every source still reporting has reached: the earliest last month among sources
 * that reported something within `stoppedAfterMonths` of `sinceMonth` (a distributor left long
 * ago is not waited for). Null without statements.
 */
function reportedThroughOf(reports: SourceReportRow[], sinceMonth: string): string | null {
  const threshold = shiftMonth(sinceMonth, -stoppedAfterMonths);
  let through: string | null = null;
  for (const report of reports) {
    const last = report.last_month?.slice(0, 7);
    if (!last || last < threshold) continue;
    if (through === null || last < through) through = last;
  }
  return through;
}

const asInput = (campaign: Campaign): CampaignInput => ({
  id: campaign.id,
  startDate: campaign.startDate,
  endDate: campaign.endDate,
  spend: campaign.amount,
  enteredRevenue: campaign.extraRevenue,
});

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Each campaign's return in real money: the lift of its subject's (song, release, or every song)
 * statement earnings and Spotify streams over decision 0023's baseline, measured by the same
 * calculation as the platform figures. Statements report whole months: a month's earnings count
 * evenly on each of its days. Campaigns naming the same subject are evaluated together (their
 * shared days split by daily spend); every campaign's days stay out of every baseline. Until
 * each source still reporting has reached the campaign's last month, the money figures wait.
 */
export function measureMoneyReturns(input: {
  campaigns: Campaign[];
  currency: string;
  months: CampaignStatementMonth[];
  streams: CampaignStreamDay[];
  subjects: { kind: 'song' | 'release'; key: string; title: string }[];
  reports: SourceReportRow[];
}): Map<string, CampaignMoneyReturn> {
  const titles = new Map(input.subjects.map((row) => [`${row.kind}:${row.key}`, row.title]));
  const groups = new Map<string, { subject: Subject; campaigns: Campaign[] }>();
  for (const campaign of input.campaigns) {
    const subject = subjectOf(campaign, titles);
    const key = `${subject.kind}:${subject.key ?? ''}`;
    const group = groups.get(key) ?? { subject, campaigns: [] };
    group.campaigns.push(campaign);
    groups.set(key, group);
  }
  const everyCampaign = input.campaigns.map(asInput);
  const returns = new Map<string, CampaignMoneyReturn>();
  for (const { subject, campaigns } of groups.values()) {
    const first = Math.min(...campaigns.map((campaign) => dayNumber(campaign.startDate)));
    const last = Math.max(...campaigns.map((campaign) => dayNumber(campaign.endDate)));
    const windowStart = first - baselineLookbackDays;
    const reportedThrough = reportedThroughOf(input.reports, monthOfDay(windowStart));

    const earningsByMonth = new Map<string, number>();
    for (const row of input.months) {
      if (!isOfSubject(subject, row)) continue;
      earningsByMonth.set(row.month, (earningsByMonth.get(row.month) ?? 0) + Number(row.earnings));
    }
    const streamsByDay = new Map<number, number>();
    let streamsAsOf: number | null = null;
    for (const row of input.streams) {
      // The artist's audience timeline counts every song; a song's or release's, its songs.
      if (
        subject.kind === 'artist' ? row.isrc !== '' : row.isrc === '' || !isOfSubject(subject, row)
      )
        continue;
      const day = Number(row.day_number);
      streamsByDay.set(day, (streamsByDay.get(day) ?? 0) + Number(row.streams));
      if (streamsAsOf === null || day > streamsAsOf) streamsAsOf = day;
    }

    const daily: DailySeries = new Map();
    for (let day = windowStart; day <= last; day += 1) {
      const month = monthOfDay(day);
      const isReported = reportedThrough !== null && month <= reportedThrough;
      const revenue = isReported ? (earningsByMonth.get(month) ?? 0) / daysInMonth(month) : null;
      const views = streamsByDay.get(day) ?? null;
      if (revenue === null && views === null) continue;
      daily.set(day, { netFollowers: null, views, revenue });
    }
    const results = evaluateCampaigns(campaigns.map(asInput), daily, everyCampaign);

    for (const campaign of campaigns) {
      const result = results.get(campaign.id)!;
      const neededThrough = campaign.endDate.slice(0, 7);
      const status: CampaignMoneyReturn['status'] =
        reportedThrough === null
          ? 'no_statements'
          : reportedThrough < neededThrough
            ? 'waiting'
            : 'measured';
      const isMeasured = status === 'measured';
      const earningsLift = isMeasured ? result.revenueLift : null;
      returns.set(campaign.id, {
        subject,
        status,
        neededThrough,
        reportedThrough,
        currency: input.currency,
        earningsDuring: isMeasured ? result.platformRevenue : null,
        earningsBaseline: isMeasured ? result.revenueBaseline : null,
        earningsLift,
        spotifyStreams:
          streamsAsOf === null
            ? null
            : {
                during: result.viewsDuring,
                baseline: result.viewsBaseline,
                lift: result.viewLift,
                asOf: formatDay(new Date(streamsAsOf * 86_400_000)),
              },
        roi:
          earningsLift !== null && campaign.amount > 0 && campaign.currency === input.currency
            ? round((earningsLift + campaign.extraRevenue - campaign.amount) / campaign.amount, 4)
            : null,
      });
    }
  }
  return returns;
}

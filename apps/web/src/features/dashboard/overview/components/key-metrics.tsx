import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { CommonWindowNote } from '@/components/analytics/common-window-note';
import { describeCommonWindow } from '@/lib/analytics/period';
import { CircleDollarSign, Clock, Eye, Heart, UserPlus, type LucideIcon } from 'lucide-react';
import {
  formatCompactNumber,
  formatFullNumber,
  formatLongDay,
  formatShortDay,
  formatSignedCompactNumber,
} from '@/lib/format';
import {
  describePreviousPeriod,
  formatRate,
  formatRevenue,
  formatWatchHours,
  platformNames,
} from '../../shared/components/dashboard-format';
import { describePartialComparison } from './period-comparison';
import { KpiCard } from './kpi-card';

type Analytics = DashboardAnalyticsResponse;

type KpiKey = 'followers' | 'views' | 'watchMinutes' | 'engagementRate' | 'estimatedRevenue';

/** The five cards, in order: what does not depend on the data. */
const kpiCards: {
  key: KpiKey;
  icon: LucideIcon;
  /** The label, also of the card's skeleton; followers are named per platform. */
  label: string;
  className: string;
  /** Said when no platform reports the figure. */
  hint: string;
}[] = [
  {
    key: 'followers',
    icon: UserPlus,
    label: 'Followers',
    className: '',
    hint: 'Your platforms have not reported a follower total yet.',
  },
  {
    key: 'views',
    icon: Eye,
    label: 'Views',
    className: '',
    hint: 'Not reported for this platform.',
  },
  {
    key: 'watchMinutes',
    icon: Clock,
    label: 'Watch time',
    className: '',
    hint: 'Only YouTube reports watch time.',
  },
  {
    key: 'engagementRate',
    icon: Heart,
    label: 'Engagement rate',
    className: '',
    hint: 'Needs views and interactions from your platforms.',
  },
  {
    key: 'estimatedRevenue',
    icon: CircleDollarSign,
    label: 'Revenue',
    className: 'col-span-2 lg:col-span-1',
    hint: 'Only YouTube reports estimated revenue.',
  },
];

// Two columns on a phone, five across on a desktop so the chart stays above the fold.
export const kpiGridClass = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5';
export const kpiSkeletons = kpiCards.map((card) => [card.label, card.className] as const);

/** The platforms that reported a figure in the period, e.g. "YouTube, Instagram". */
function sourcesOf(data: Analytics, key: KpiKey): string {
  const names = (Object.keys(data.byPlatform) as (keyof typeof platformNames)[])
    .filter((platform) => {
      const kpis = data.byPlatform[platform];
      if (!kpis) return false;
      if (key === 'followers')
        return kpis.followers.total !== null || kpis.followers.gained.value !== null;
      return kpis[key].value !== null;
    })
    .map((platform) => platformNames[platform]);
  return names.length > 0 ? names.join(', ') : 'No platform reports it';
}

/** "Oct 24 – Nov 20, 2026 · from YouTube, Instagram": the figure's window and its sources. */
function describeSource(data: Analytics, key: KpiKey): string {
  const common = describeCommonWindow(data);
  const window = `${formatShortDay(data.range.from)} – ${formatLongDay(data.range.to)}${common ? `, ${common}` : ''}`;
  const total = key === 'followers' ? ` (total on ${formatLongDay(data.range.to)})` : '';
  return `${window}${total} · from ${sourcesOf(data, key)}`;
}

/** YouTube counts subscribers, Meta counts followers; combined we name both. */
function audienceLabel(platform: Analytics['platform']): string {
  if (platform === 'youtube') return 'Subscribers';
  // Combined, YouTube subscribers count as followers; the card's sources name the platforms.
  if (platform === 'all') return 'Followers';
  return 'Followers';
}

/** Net gain where unfollows are reported; otherwise what was gained, said plainly. */
function describeFollowerChange(net: number | null, gained: number | null): string {
  if (net !== null) return `${formatSignedCompactNumber(net)} net gained`;
  if (gained !== null)
    return `${formatSignedCompactNumber(gained)} gained · unfollows not reported`;
  return 'Net change not reported';
}

/**
 * The revenue card: a figure, or — when YouTube reports exactly $0 for the period and before it —
 * that no revenue was reported, which is what an unmonetised channel returns. The API does not
 * say whether the channel is in the YouTube Partner Program, so the card does not claim it.
 */
function describeRevenue(revenue: Analytics['combined']['estimatedRevenue']) {
  if (revenue.value === 0 && (revenue.previous === null || revenue.previous === 0)) {
    return {
      value: 'No revenue',
      detail: 'YouTube reported $0, as it does for a channel that isn’t monetised.',
    };
  }
  return {
    value: formatRevenue(revenue.value),
    detail: revenue.value === null ? undefined : 'Estimated by YouTube, in US dollars',
  };
}

/** The figure of one card and how its change reads. */
type KpiFigure = {
  label?: string;
  value: string;
  detail?: string;
  change: number | null;
  changeSubject?: string;
  changeTone?: 'direction' | 'neutral';
};

function describeKpi(data: Analytics, key: KpiKey): KpiFigure {
  const kpis = data.combined;
  switch (key) {
    case 'followers': {
      const net = kpis.followers.net.value;
      const gained = kpis.followers.gained.value;
      // The delta compares gains, not the audience: say so, and do not colour a smaller gain on
      // a growing audience as a loss.
      const growth = net ?? gained;
      return {
        label: audienceLabel(data.platform),
        value: formatCompactNumber(kpis.followers.total),
        detail: describeFollowerChange(net, gained),
        change: net !== null ? kpis.followers.net.change : kpis.followers.gained.change,
        changeSubject: net !== null ? 'net gain' : 'gained',
        changeTone: growth !== null && growth > 0 ? 'neutral' : 'direction',
      };
    }
    case 'views':
      return { value: formatCompactNumber(kpis.views.value), change: kpis.views.change };
    case 'watchMinutes':
      return { value: formatWatchHours(kpis.watchMinutes.value), change: kpis.watchMinutes.change };
    case 'engagementRate': {
      const engagements = kpis.engagements.value;
      return {
        value: formatRate(kpis.engagementRate.value),
        detail:
          engagements === null
            ? undefined
            : `${formatFullNumber(engagements)} likes, comments, shares & saves`,
        change: kpis.engagementRate.change,
      };
    }
    case 'estimatedRevenue':
      return {
        // Beside statement revenue the card names whose estimate it is: the two are never added.
        label: data.statementRevenue ? 'YouTube revenue' : undefined,
        ...describeRevenue(kpis.estimatedRevenue),
        change: kpis.estimatedRevenue.change,
      };
  }
}

export function KeyMetrics({ data }: { data: Analytics }) {
  const comparedTo = data.range.previous ? describePreviousPeriod(data.range.days) : null;
  const partial = describePartialComparison(data.range);
  // "Explain this" asks the assistant about the card, for the dashboard's own window and platform.
  const explain = (label: string) =>
    `Explain my ${label.toLowerCase()} from ${data.range.from} to ${data.range.to}${
      data.platform === 'all' ? '' : ` on ${data.platform}`
    }`;
  return (
    <div className="flex flex-col gap-2">
      <section aria-label="Key metrics" className={kpiGridClass}>
        {kpiCards.map((card) => {
          const { label = card.label, ...figure } = describeKpi(data, card.key);
          return (
            <KpiCard
              key={card.key}
              className={card.className || undefined}
              icon={card.icon}
              label={label}
              explainQuestion={explain(label)}
              {...figure}
              comparedTo={comparedTo}
              comparisonNote={partial ? 'Partial comparison' : null}
              source={describeSource(data, card.key)}
              hint={card.hint}
            />
          );
        })}
      </section>
      <CommonWindowNote data={data} className="text-xs text-zinc-600 dark:text-zinc-400" />
      {partial ? (
        <p data-testid="partial-comparison" className="text-xs text-amber-800 dark:text-amber-300">
          {partial}
        </p>
      ) : null}
    </div>
  );
}

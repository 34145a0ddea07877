// The assistant's answers about growth, what to post next, where to tour and why a figure moved.
import type { MetricExplanation } from '../tools/explain-metric';
import type { PlatformGrowth } from '../tools/growth';
import type { PostingGroup, PostingPatterns } from '../tools/posting-patterns';
import type { TourPlan } from '../tools/tour-cities';
import type { MetricsOutput } from './answer-outputs';
import { noConnections } from './compose-answer';
import {
  formatChange,
  formatCount,
  formatDay,
  formatMoney,
  formatPercent,
  formatSigned,
  formatWindow,
  platformNames,
  quoteTitle,
  type PlatformChoice,
} from './formatting';
import type { QuestionPlan } from './understand-question';

export type PostingOutput = PostingPatterns & { window: { from: string; to: string } };
export type TourOutput = TourPlan & { hasConnections: boolean };

const nameOf = (platform: string) => platformNames[platform as PlatformChoice] ?? platform;

export function composeGrowth(
  plan: QuestionPlan,
  output: MetricsOutput & { growth: PlatformGrowth[] },
): string {
  if (!output.hasConnections) return noConnections;
  const isViews = plan.metric === 'views';
  const rows = output.growth
    .map((row) => ({ row, rate: isViews ? row.viewsGrowthRate : row.followerGrowthRate }))
    .filter((item): item is { row: PlatformGrowth; rate: number } => item.rate !== null)
    .sort((a, b) => b.rate - a.rate);
  if (rows.length === 0) {
    return `None of your platforms reported ${isViews ? 'views for two windows' : 'follower totals'} ${formatWindow(output.window)}, so I cannot compare their growth.`;
  }
  const lines = rows.map(({ row, rate }) =>
    isViews
      ? `- ${nameOf(row.platform)}: **${formatChange(rate)}** views (${formatCount(row.views!)} against ${formatCount(row.previousViews!)} in the previous ${formatCount(output.window.days)} days)`
      : `- ${nameOf(row.platform)}: **${formatChange(rate)}** followers (${formatSigned(row.followersNet!)}, from ${formatCount(row.followersAtStart!)} to ${formatCount(row.followersNow!)})`,
  );
  const asked = rows.filter(({ row }) => (plan.platformsNamed as string[]).includes(row.platform));
  const compared = asked.length >= 2 ? asked : rows;
  const [first, second] = compared;
  const verdict = !second
    ? `Only ${nameOf(first!.row.platform)} reported ${isViews ? 'views' : 'followers'} to compare.`
    : first!.rate === second.rate
      ? `${nameOf(first!.row.platform)} and ${nameOf(second.row.platform)} grew at the same rate.`
      : `**${nameOf(first!.row.platform)} is growing faster** than ${nameOf(second.row.platform)}: ${formatChange(first!.rate)} against ${formatChange(second.rate)}.`;
  const note = isViews
    ? 'Growth here is views against the previous equal window, not the totals.'
    : 'Growth here is net new followers against the followers each platform had at the start, not the totals.';
  return `Growth ${formatWindow(output.window)}:\n${lines.join('\n')}\n\n${verdict} ${note}`;
}

function bestOf(groups: PostingGroup[]): PostingGroup | null {
  // A pattern needs at least two items behind it.
  return groups.find((group) => group.items >= 2) ?? null;
}

function exampleText(group: PostingGroup): string {
  const example = group.examples[0];
  return example ? `, e.g. ${quoteTitle(example.title)} (${formatCount(example.views)} views)` : '';
}

function suggestion(
  kind: string,
  group: PostingGroup | null,
  typical: number | null,
): string | null {
  if (!group) return null;
  const lift =
    group.timesTypical !== null && typical !== null
      ? `median **${formatCount(group.medianViews)}** views, ${
          group.timesTypical > 1 ? `${group.timesTypical}× ` : 'about '
        }the typical item's ${formatCount(typical)}`
      : `median **${formatCount(group.medianViews)}** views`;
  return `- **${kind}: ${group.label}** (${formatCount(group.items)} items, ${lift}${exampleText(group)})`;
}

export function composePosting(output: PostingOutput): string {
  if (output.itemsCompared === 0) {
    return `You published nothing with views ${formatWindow(output.window)}, so I have no pattern to suggest yet. Ask again over a longer period, such as “the past year”.`;
  }
  const typical = output.typicalViews;
  const lines = [
    suggestion('Format', bestOf(output.formats), typical),
    suggestion('Length', bestOf(output.lengths), typical),
    suggestion('Day', bestOf(output.weekdays), typical),
    suggestion('Time', bestOf(output.timesOfDay), typical),
  ].filter((line): line is string => line !== null);
  const top = output.topItems
    .slice(0, 3)
    .map(
      (item, index) =>
        `${index + 1}. ${quoteTitle(item.title)} (${nameOf(item.platform)} ${item.type}): ${formatCount(item.views)} views`,
    );
  const basis =
    output.figures === 'lifetime' ? 'lifetime views of each item' : 'views inside the window';
  return `What did best among the ${formatCount(output.itemsCompared)} items you published ${formatWindow(output.window)} (judged by ${basis}; days and times in ${output.timeZone}):\n${
    lines.length > 0 ? lines.join('\n') : '- Too few items per group to name a pattern yet.'
  }\n\nSo next: ${
    [
      bestOf(output.formats),
      bestOf(output.lengths),
      bestOf(output.weekdays),
      bestOf(output.timesOfDay),
    ]
      .filter((group): group is PostingGroup => group !== null)
      .map((group) => group.label)
      .join(', ') || 'more of your best items below'
  }.\n\nYour best items:\n${top.join('\n')}`;
}

export function composeTour(output: TourOutput): string {
  if (!output.hasConnections) return noConnections;
  const base = output.base?.city
    ? `${output.base.city}${output.base.countryName ? `, ${output.base.countryName}` : ''}`
    : (output.base?.countryName ?? null);
  const baseLine = base
    ? `Your base (from your profile): ${base}.`
    : 'Add your city and country in **Settings → Profile** and I will weigh distance from your base too.';
  if (output.cities.length === 0) {
    const countries = output.countries
      .slice(0, 5)
      .map((country) => `${country.countryName} ${formatPercent(country.share)}`)
      .join(', ');
    return `None of your platforms lists cities yet, so I can only point to countries: ${countries || 'none reported'}.\n\n${baseLine}`;
  }
  const lines = output.cities.slice(0, 5).map((city, index) => {
    const where = city.countryName ? `${city.city}, ${city.countryName}` : city.city;
    const shares = [
      ...city.cityShares.map(
        (share) =>
          `${formatPercent(share.share)} of ${nameOf(share.platform)} ${share.basis ?? 'audience'}`,
      ),
      ...city.countryShares
        .filter((share) => !city.cityShares.some((own) => own.platform === share.platform))
        .map(
          (share) =>
            `${city.countryName} ${formatPercent(share.share)} of ${nameOf(share.platform)} ${share.basis ?? 'audience'}`,
        ),
    ].join('; ');
    const distance = city.isBase
      ? ' — your home city'
      : city.kilometresFromBase !== null
        ? ` — ${formatCount(city.kilometresFromBase)} km from your base`
        : '';
    return `${index + 1}. **${where}**: about ${formatPercent(city.estimatedShare)} of your audience (${shares})${distance}`;
  });
  const sources = `Cities from ${output.platformsWithCities.map(nameOf).join(' and ')}; countries from ${output.platformsWithCountries.map(nameOf).join(', ')}.`;
  const near = output.cities.slice(0, 5).filter((city) => city.isHomeCountry && !city.isBase);
  const homeTip =
    near.length > 0 && base
      ? ` Closest to home: ${near.map((city) => city.city).join(', ')}, an easy first leg from ${output.base!.city ?? base}.`
      : '';
  return `Where to play, by your audience on every platform:\n${lines.join('\n')}\n\n${sources} ${baseLine}${homeTip}`;
}

const metricWords: Record<MetricExplanation['metric'], string> = {
  followers: 'net new followers',
  views: 'views',
  watchMinutes: 'watch minutes',
  engagements: 'engagements',
  engagementRate: 'engagement rate',
  estimatedRevenue: 'estimated revenue',
};

function figure(metric: MetricExplanation['metric'], value: number): string {
  if (metric === 'engagementRate') return formatPercent(value, 2);
  if (metric === 'estimatedRevenue') return formatMoney(value);
  if (metric === 'followers') return formatSigned(value);
  return formatCount(value);
}

export function composeExplanation(output: MetricExplanation, periodLabel: string | null): string {
  const name = metricWords[output.metric];
  const scope = output.platform === 'all' ? '' : ` on ${nameOf(output.platform)}`;
  if (output.value === null) {
    return `Your platforms did not report ${name}${scope} ${formatWindow(output.window)}.`;
  }
  const head = `**${figure(output.metric, output.value)}** ${name}${scope} ${formatWindow(output.window)}${periodLabel ? ` (${periodLabel})` : ''}${
    output.previous !== null && output.previousWindow
      ? `, against ${figure(output.metric, output.previous)} ${formatWindow(output.previousWindow)}${output.change !== null ? ` (${formatChange(output.change)})` : ''}`
      : ''
  }.`;
  const reasons: string[] = [];
  const moved = output.byPlatform
    .filter((row) => row.difference !== null && row.difference !== 0)
    .sort((a, b) => Math.abs(b.difference!) - Math.abs(a.difference!));
  if (moved.length > 0 && output.metric !== 'engagementRate') {
    reasons.push(
      `- **Platforms**: ${moved
        .map(
          (row) =>
            `${nameOf(row.platform)} ${figure(output.metric, row.value!)} (${formatSigned(row.difference!)} on the previous window)`,
        )
        .join(', ')}.`,
    );
  }
  if (output.topItems.length > 0) {
    reasons.push(
      `- **Items**: ${output.topItems
        .slice(0, 3)
        .map(
          (item) =>
            `${quoteTitle(item.title)} (${nameOf(item.platform)} ${item.type}, ${formatCount(item.value)})`,
        )
        .join(', ')} added the most inside the window.`,
    );
  }
  if (output.topDays.length > 0 && output.metric !== 'engagementRate') {
    reasons.push(
      `- **Days**: ${output.topDays
        .map(
          (day) =>
            `${formatDay(day.date)} (${figure(output.metric, day.value)}${day.shareOfTotal !== null ? `, ${formatPercent(day.shareOfTotal)} of the total` : ''})`,
        )
        .join(
          ', ',
        )}${output.topDays[0]!.dailyAverage !== null ? `; a usual day had ${formatCount(output.topDays[0]!.dailyAverage)}` : ''}.`,
    );
  }
  if (output.spikes.length > 0) {
    reasons.push(
      `- **Spikes**: ${output.spikes
        .map(
          (spike) =>
            `${formatDay(spike.day)}${spike.platform ? ` on ${nameOf(spike.platform)}` : ''}${spike.views !== null ? ` (${formatCount(spike.views)} views${spike.usualViews !== null ? ` against a usual ${formatCount(spike.usualViews)}` : ''})` : ''}`,
        )
        .join(', ')}.`,
    );
  }
  if (output.trafficSources.length > 0) {
    const period = output.trafficSources[0]!.period;
    reasons.push(
      `- **Sources**: ${output.trafficSources
        .slice(0, 4)
        .map(
          (source) =>
            `${source.source.toLowerCase().replace(/_/g, ' ')} ${formatPercent(source.share)}`,
        )
        .join(
          ', ',
        )} of ${nameOf(output.trafficSources[0]!.platform)} views${period?.start ? ` ${formatWindow({ from: period.start, to: period.end })}` : ''}.`,
    );
  }
  return reasons.length > 0
    ? `${head}\n\nWhat moved it:\n${reasons.join('\n')}`
    : `${head}\n\nNo single item, day or source stands out behind it.`;
}

// The assistant's answers about the audience, spikes, the next milestone and data freshness.
import {
  formatChange,
  formatCount,
  formatDay,
  formatPercent,
  formatSigned,
  formatWindow,
  platformNames,
  quoteTitle,
  type PlatformChoice,
} from './formatting';
import type { QuestionPlan } from './understand-question';
import type {
  AudienceOutput,
  ForecastOutput,
  FreshnessOutput,
  SpikesOutput,
} from './answer-outputs';
import { composeCannotAnswer, noConnections } from './compose-answer';
import { countryNameOf } from '../tools/tour-cities';

const dimensionNames: Record<string, string> = {
  country: 'countries',
  city: 'cities',
  age: 'age groups',
  gender: 'genders',
  device: 'devices',
  traffic_source: 'traffic sources',
};

function audienceLines(output: AudienceOutput, dimension: string): string[] {
  const parts: string[] = [];
  for (const breakdown of output.breakdowns.filter((item) => item.dimension === dimension)) {
    const name = platformNames[breakdown.platform];
    if (!breakdown.isAvailable || breakdown.items.length === 0) {
      parts.push(
        `- ${name}: not available${breakdown.unavailableReason ? ` (${breakdown.unavailableReason})` : ''}.`,
      );
      continue;
    }
    const top = breakdown.items
      .slice(0, 5)
      .map(
        (item) =>
          `${dimension === 'country' ? countryNameOf(item.key) : item.key} ${formatPercent(item.share)}`,
      )
      .join(', ');
    const period = breakdown.period
      ? ` (${breakdown.period.start ? formatWindow({ from: breakdown.period.start, to: breakdown.period.end }) : `through ${formatDay(breakdown.period.end)}`}, share of ${breakdown.basis ?? 'audience'})`
      : '';
    parts.push(`- ${name}: ${top}${period}`);
  }
  return parts;
}

export function composeAudience(plan: QuestionPlan, output: AudienceOutput): string {
  if (!output.hasConnections) return noConnections;
  // "Where are my fans?" names both: countries, then the cities the platforms list.
  const dimensions = plan.dimension ? [plan.dimension] : ['country', 'city'];
  const sections = dimensions
    .map((dimension) => ({ dimension, lines: audienceLines(output, dimension) }))
    .filter((section) => section.lines.length > 0);
  if (sections.length === 0)
    return `Your platforms have not reported ${dimensionNames[dimensions[0]!]} yet.`;
  const growing =
    dimensions.includes('country') &&
    output.fastestGrowingCountries.some((country) => country.growth === null || country.growth > 0)
      ? `\n\nGrowing fastest: ${output.fastestGrowingCountries
          .filter((country) => country.growth === null || country.growth > 0)
          .slice(0, 3)
          .map(
            (country) =>
              `${countryNameOf(country.country)} (${formatCount(country.views)} views against ${formatCount(country.previousViews)}${
                country.growth === null ? ', new' : `, ${formatChange(country.growth)}`
              })`,
          )
          .join(', ')}.`
      : '';
  return `${sections
    .map(
      (section) =>
        `Your audience by ${dimensionNames[section.dimension]}:\n${section.lines.join('\n')}`,
    )
    .join('\n\n')}${growing}`;
}

export function composeSpikes(output: SpikesOutput, periodLabel: string | null): string {
  if (output.spikes.length === 0) {
    return `I found no spike ${formatWindow(output.window)}${periodLabel ? ` (${periodLabel})` : ''}: your views stayed near their usual level.`;
  }
  const spikes = [...output.spikes].sort((a, b) => (b.views ?? 0) - (a.views ?? 0)).slice(0, 3);
  const lines = spikes.map((spike) => {
    const platform = spike.platform ? platformNames[spike.platform] : 'All platforms';
    const size =
      spike.views === null
        ? ''
        : ` **${formatCount(spike.views)}** views${spike.usualViews !== null ? ` against a usual ${formatCount(spike.usualViews)}` : ''}${spike.timesUsual !== null ? ` (${spike.timesUsual}×)` : ''}.`;
    const led = spike.topContent[0]
      ? ` Led by ${quoteTitle(spike.topContent[0].title)} with ${formatCount(spike.topContent[0].views)} views that day.`
      : '';
    const sources =
      spike.trafficSources.length > 0
        ? ` Traffic came from ${spike.trafficSources
            .slice(0, 3)
            .map(
              (source) =>
                `${source.source.toLowerCase().replace(/_/g, ' ')} (${formatCount(source.views)})`,
            )
            .join(', ')}.`
        : '';
    return `- ${platform}, ${formatDay(spike.day)}:${size}${led}${sources}`;
  });
  return `${spikes.length === 1 ? 'One spike stands out' : `The biggest spikes`} ${formatWindow(output.window)}:\n${lines.join('\n')}`;
}

export function composeForecast(plan: QuestionPlan, output: ForecastOutput): string {
  if (plan.metric && plan.metric !== 'followers') {
    return composeCannotAnswer(
      'I can forecast followers, not other figures: the pace of views or revenue swings too much to promise a date.',
    );
  }
  const forecast = output.forecast;
  if (!forecast) return noConnections;
  const pace = `at your pace of the last four weeks (${formatSigned(Number(forecast.dailyPace.toFixed(2)))} a day)`;
  const now = `You have **${formatCount(forecast.current)}** followers as of ${formatDay(output.asOf)}`;
  if (output.target) {
    const target = output.target;
    if (target.remaining === 0)
      return `${now}: you have already passed ${formatCount(target.value)}.`;
    if (target.expectedDate === null) {
      return `${now}, ${formatCount(target.remaining)} short of ${formatCount(target.value)}. You are not growing ${pace}, so I cannot give a date.`;
    }
    return `${now}. ${pace[0]!.toUpperCase()}${pace.slice(1)}, you reach **${formatCount(target.value)}** in about ${formatCount(target.daysToTarget!)} days, around **${formatDay(target.expectedDate)}** (${formatCount(target.remaining)} to go).`;
  }
  if (forecast.expectedDate === null) {
    return `${now}. The next milestone is ${formatCount(forecast.next)}, but you are not growing ${pace}, so I cannot give a date.`;
  }
  return `${now}. ${pace[0]!.toUpperCase()}${pace.slice(1)}, you reach the next milestone, **${formatCount(forecast.next)}**, in about ${formatCount(forecast.daysToNext!)} days, around **${formatDay(forecast.expectedDate)}**.`;
}

export function composeFreshness(output: FreshnessOutput): string {
  if (!output.hasConnections || output.accounts.length === 0) return noConnections;
  const lines = output.accounts.map((account) => {
    const synced = account.lastSyncedAt
      ? `synced ${formatDay(account.lastSyncedAt.slice(0, 10))}`
      : 'not synced yet';
    const complete = account.dataCompleteThrough
      ? `, complete through ${formatDay(account.dataCompleteThrough)}`
      : '';
    const pending =
      account.pendingDays.length > 0
        ? ` (still pending on the platform: ${account.pendingDays.map(formatDay).join(', ')})`
        : '';
    return `- ${platformNames[account.platform as PlatformChoice] ?? account.platform} · ${quoteTitle(account.accountName)}: ${synced}${complete}${pending}`;
  });
  return `${lines.join('\n')}${
    output.lastCompleteDay
      ? `\n\nMy answers run through ${formatDay(output.lastCompleteDay)}, the last day every platform has published.`
      : ''
  }`;
}

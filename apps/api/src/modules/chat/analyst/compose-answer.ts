import type { AudienceResponse, ComparedValue, ContentRow, KpiSet } from '@crescendo/contracts';
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
import type { Metric, QuestionPlan } from './understand-question';

type Window = { from: string; to: string; days: number };
export type MetricsOutput = {
  window: Window;
  previousWindow: { from: string; to: string } | null;
  platform: PlatformChoice;
  hasConnections: boolean;
  combined: KpiSet;
  byPlatform: Partial<Record<Exclude<PlatformChoice, 'all'>, KpiSet>>;
};
export type TopContentOutput = {
  window: Window;
  platform: PlatformChoice;
  metric: string;
  order: 'asc' | 'desc';
  total: number;
  items: ContentRow[];
};
export type AudienceOutput = {
  platform: PlatformChoice;
  hasConnections: boolean;
  breakdowns: AudienceResponse['breakdowns'];
  fastestGrowingCountries: AudienceResponse['fastestGrowingCountries'];
};
export type SpikesOutput = {
  window: Window;
  platform: PlatformChoice;
  spikes: {
    day: string;
    platform: Exclude<PlatformChoice, 'all'> | null;
    views: number | null;
    usualViews: number | null;
    timesUsual: number | null;
    topContent: { title: string; platform: string; views: number }[];
    trafficSources: { source: string; views: number }[];
  }[];
};
export type ForecastOutput = {
  asOf: string;
  platform: PlatformChoice;
  forecast: {
    current: number;
    next: number;
    dailyPace: number;
    daysToNext: number | null;
    expectedDate: string | null;
  } | null;
  target: {
    value: number;
    remaining: number;
    daysToTarget: number | null;
    expectedDate: string | null;
  } | null;
  recentMilestones: { platform: string | null; metric: string; value: number; reachedOn: string }[];
};
export type FreshnessOutput = {
  hasConnections: boolean;
  lastCompleteDay: string | null;
  accounts: {
    platform: string;
    accountName: string;
    lastSyncedAt: string | null;
    dataCompleteThrough: string | null;
    pendingDays: string[];
  }[];
};

export const suggestedQuestions = [
  'How many views did I get last month?',
  'What were my top videos last quarter?',
  'Why did my views spike?',
  'When will I reach the next follower milestone?',
  'Where are my fans?',
  'Was my campaign worth it?',
];

const noConnections =
  'I cannot see any numbers yet: connect YouTube, Instagram or Facebook in **Settings → Connections**, and once the first sync finishes ask me again.';

export function composeCannotAnswer(reason: string): string {
  return `${reason}\n\nHere are questions I can answer from your own numbers:\n${suggestedQuestions
    .map((question) => `- ${question}`)
    .join('\n')}`;
}

export function composeHelp(): string {
  return composeCannotAnswer(
    'I answer from your own connected accounts: followers, views, watch time, engagement and revenue for any period, your top content, where your audience is, spikes, milestones and the return on your campaigns.',
  );
}

export function composeOthersData(): string {
  return composeCannotAnswer(
    'I can only see your own connected accounts, never another artist’s or anyone else’s numbers.',
  );
}

const metricNames: Record<Metric, string> = {
  followers: 'net new followers',
  views: 'views',
  watchMinutes: 'watch minutes',
  engagements: 'engagements',
  engagementRate: 'engagement rate',
  estimatedRevenue: 'estimated revenue',
};

function valueText(metric: Metric, value: number): string {
  if (metric === 'engagementRate') return formatPercent(value, 2);
  if (metric === 'estimatedRevenue') return formatMoney(value);
  if (metric === 'followers') return formatSigned(value);
  return formatCount(value);
}

function comparedOf(kpis: KpiSet, metric: Metric): ComparedValue {
  if (metric === 'followers') return kpis.followers.net;
  return kpis[metric];
}

function changeText(
  metric: Metric,
  compared: ComparedValue,
  window: MetricsOutput['previousWindow'],
) {
  if (compared.previous === null || !window) return '';
  const change = compared.change === null ? '' : `${formatChange(compared.change)}, `;
  return ` (${change}against ${valueText(metric, compared.previous)} ${formatWindow(window)})`;
}

function metricSentence(metric: Metric, kpis: KpiSet, output: MetricsOutput): string | null {
  const compared = comparedOf(kpis, metric);
  if (compared.value === null) return null;
  if (metric === 'followers') {
    const gained = kpis.followers.gained.value;
    const lost = kpis.followers.lost.value;
    const parts =
      gained !== null && lost !== null
        ? ` (${formatCount(gained)} gained, ${formatCount(lost)} lost)`
        : '';
    const total =
      kpis.followers.total !== null
        ? `; you have **${formatCount(kpis.followers.total)}** followers in total now`
        : '';
    return `**${formatSigned(compared.value)}** net new followers${parts}${changeText(metric, compared, output.previousWindow)}${total}`;
  }
  return `**${valueText(metric, compared.value)}** ${metricNames[metric]}${changeText(metric, compared, output.previousWindow)}`;
}

function scopeText(platform: PlatformChoice): string {
  return platform === 'all' ? 'Across all your platforms' : `On ${platformNames[platform]}`;
}

export function composeMetrics(
  plan: QuestionPlan,
  output: MetricsOutput,
  periodLabel: string | null,
): string {
  if (!output.hasConnections) return noConnections;
  const window = `${formatWindow(output.window)}${periodLabel ? ` (${periodLabel})` : ''}`;
  const metrics: Metric[] = plan.metric
    ? [plan.metric]
    : ['followers', 'views', 'watchMinutes', 'engagements', 'estimatedRevenue'];
  const sentences = metrics
    .map((metric) => metricSentence(metric, output.combined, output))
    .filter((sentence): sentence is string => sentence !== null);
  if (sentences.length === 0) {
    return `${scopeText(output.platform)}, ${window}, the platforms did not report ${
      plan.metric ? metricNames[plan.metric] : 'any figures'
    }.`;
  }
  if (sentences.length === 1)
    return `${scopeText(output.platform)}, ${window}, you had ${sentences[0]}.`;
  return `${scopeText(output.platform)}, ${window}:\n${sentences.map((sentence) => `- ${sentence}`).join('\n')}`;
}

export function composePeriodComparison(
  plan: QuestionPlan,
  outputs: { output: MetricsOutput; label: string }[],
): string {
  if (outputs.length < 2) return composeMetrics(plan, outputs[0]!.output, outputs[0]!.label);
  const metric = plan.metric ?? 'views';
  const [first, second] = outputs as [
    { output: MetricsOutput; label: string },
    { output: MetricsOutput; label: string },
  ];
  if (!first.output.hasConnections) return noConnections;
  const valueOf = (item: typeof first) => comparedOf(item.output.combined, metric).value;
  const lines = [first, second].map((item) => {
    const value = valueOf(item);
    return `- ${item.label} (${formatWindow(item.output.window)}): ${
      value === null ? 'not reported' : `**${valueText(metric, value)}** ${metricNames[metric]}`
    }`;
  });
  const a = valueOf(first);
  const b = valueOf(second);
  const verdict =
    a === null || b === null
      ? ''
      : a === b
        ? '\n\nBoth periods are level.'
        : `\n\n${a > b ? first.label : second.label} was higher${
            first.output.window.days !== second.output.window.days
              ? ' (the two periods have different lengths)'
              : ''
          }.`;
  return `${scopeText(plan.platform)}, ${metricNames[metric]}:\n${lines.join('\n')}${verdict}`;
}

export function composePlatformComparison(plan: QuestionPlan, output: MetricsOutput): string {
  if (!output.hasConnections) return noConnections;
  const metric = plan.metric ?? 'views';
  const rows = Object.entries(output.byPlatform)
    .map(([platform, kpis]) => ({
      platform: platform as Exclude<PlatformChoice, 'all'>,
      value: comparedOf(kpis!, metric).value,
    }))
    .filter((row) => row.value !== null)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  if (rows.length === 0)
    return `No platform reported ${metricNames[metric]} ${formatWindow(output.window)}.`;
  const lines = rows.map(
    (row) =>
      `- ${platformNames[row.platform]}: **${valueText(metric, row.value!)}** ${metricNames[metric]}`,
  );
  return `${metricNames[metric][0]!.toUpperCase()}${metricNames[metric].slice(1)} by platform ${formatWindow(
    output.window,
  )}:\n${lines.join('\n')}\n\n${platformNames[rows[0]!.platform]} leads.`;
}

const sortNames: Record<string, string> = {
  views: 'views',
  watchMinutes: 'watch minutes',
  likes: 'likes',
  comments: 'comments',
  shares: 'shares',
  saves: 'saves',
  engagementRate: 'engagement rate',
  followersGained: 'followers gained',
  publishedAt: 'date',
};

function contentFigure(item: ContentRow, metric: string): string {
  const value = item[metric as keyof ContentRow];
  if (typeof value !== 'number') return 'not reported';
  if (metric === 'engagementRate') return formatPercent(value, 2);
  return `${formatCount(value)} ${sortNames[metric] ?? metric}`;
}

export function composeTopContent(output: TopContentOutput, periodLabel: string | null): string {
  if (output.items.length === 0) {
    return `I found no content with ${sortNames[output.metric] ?? output.metric} ${formatWindow(output.window)}.`;
  }
  const best = output.order === 'desc' ? 'top' : 'weakest';
  const lines = output.items.map(
    (item, index) =>
      `${index + 1}. ${quoteTitle(item.title)} (${platformNames[item.platform]} ${item.type}): **${contentFigure(item, output.metric)}**`,
  );
  return `Your ${best} content by ${sortNames[output.metric] ?? output.metric} ${formatWindow(output.window)}${
    periodLabel ? ` (${periodLabel})` : ''
  }${output.platform === 'all' ? '' : ` on ${platformNames[output.platform]}`}:\n${lines.join('\n')}`;
}

export function composeContent(
  item: ContentRow,
  window: Window,
  periodLabel: string | null,
): string {
  const figures = (
    [
      ['views', 'views'],
      ['watchMinutes', 'watch minutes'],
      ['likes', 'likes'],
      ['comments', 'comments'],
      ['shares', 'shares'],
      ['saves', 'saves'],
      ['followersGained', 'followers gained'],
    ] as const
  )
    .filter(([key]) => typeof item[key] === 'number')
    .map(([key, name]) => `- **${formatCount(item[key] as number)}** ${name}`);
  const rate =
    item.engagementRate === null
      ? ''
      : `\n- engagement rate **${formatPercent(item.engagementRate, 2)}**`;
  return `${quoteTitle(item.title)} (${platformNames[item.platform]} ${item.type}, published ${formatDay(
    item.publishedAt.slice(0, 10),
  )}) ${formatWindow(window)}${periodLabel ? ` (${periodLabel})` : ''}:\n${figures.join('\n')}${rate}`;
}

const dimensionNames: Record<string, string> = {
  country: 'countries',
  city: 'cities',
  age: 'age groups',
  gender: 'genders',
  device: 'devices',
  traffic_source: 'traffic sources',
};

export function composeAudience(plan: QuestionPlan, output: AudienceOutput): string {
  if (!output.hasConnections) return noConnections;
  const dimension = plan.dimension ?? 'country';
  const breakdowns = output.breakdowns.filter((breakdown) => breakdown.dimension === dimension);
  const parts: string[] = [];
  for (const breakdown of breakdowns) {
    const name = platformNames[breakdown.platform];
    if (!breakdown.isAvailable || breakdown.items.length === 0) {
      parts.push(
        `- ${name}: not available${breakdown.unavailableReason ? ` (${breakdown.unavailableReason})` : ''}.`,
      );
      continue;
    }
    const top = breakdown.items
      .slice(0, 5)
      .map((item) => `${item.key} ${formatPercent(item.share)}`)
      .join(', ');
    const period = breakdown.period
      ? ` (${breakdown.period.start ? formatWindow({ from: breakdown.period.start, to: breakdown.period.end }) : `through ${formatDay(breakdown.period.end)}`}, share of ${breakdown.basis ?? 'audience'})`
      : '';
    parts.push(`- ${name}: ${top}${period}`);
  }
  if (parts.length === 0)
    return `Your platforms have not reported ${dimensionNames[dimension]} yet.`;
  const growing =
    dimension === 'country' &&
    output.fastestGrowingCountries.some((country) => country.growth === null || country.growth > 0)
      ? `\n\nGrowing fastest: ${output.fastestGrowingCountries
          .filter((country) => country.growth === null || country.growth > 0)
          .slice(0, 3)
          .map(
            (country) =>
              `${country.country} (${formatCount(country.views)} views against ${formatCount(country.previousViews)}${
                country.growth === null ? ', new' : `, ${formatChange(country.growth)}`
              })`,
          )
          .join(', ')}.`
      : '';
  return `Your audience by ${dimensionNames[dimension]}:\n${parts.join('\n')}${growing}`;
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

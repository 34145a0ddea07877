import type { ComparedValue, ContentRow, KpiSet } from '@crescendo/contracts';
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

import type { MetricsOutput, TopContentOutput, Window } from './answer-outputs';

export const suggestedQuestions = [
  'How many views did I get last month?',
  'What were my top videos last quarter?',
  'Why did my views spike?',
  'When will I reach the next follower milestone?',
  'Where are my fans?',
  'Was my campaign worth it?',
  'What should I post next?',
  'Which city should I tour?',
];

export const noConnections =
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
  // Instagram and Facebook give lifetime counters only: said as such, never as the window's.
  if (item.lifetime) {
    for (const [key, name] of [
      ['views', 'views'],
      ['likes', 'likes'],
      ['comments', 'comments'],
    ] as const) {
      const value = item.lifetime[key];
      if (value !== null) figures.push(`- **${formatCount(value)}** ${name} in its lifetime`);
    }
  }
  const rate =
    item.engagementRate === null
      ? ''
      : `\n- engagement rate **${formatPercent(item.engagementRate, 2)}**`;
  return `${quoteTitle(item.title)} (${platformNames[item.platform]} ${item.type}, published ${formatDay(
    item.publishedAt.slice(0, 10),
  )}) ${formatWindow(window)}${periodLabel ? ` (${periodLabel})` : ''}:\n${figures.join('\n')}${rate}`;
}

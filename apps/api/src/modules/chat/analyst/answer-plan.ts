// For an understood question: which tools answer it (answerCalls), and the answer written from their results (composeFor).
import type { ContentRow } from '@crescendo/contracts';
import type {
  AudienceOutput,
  ForecastOutput,
  MetricsOutput,
  SpikesOutput,
  TopContentOutput,
} from './answer-outputs';
import {
  composeContent,
  composeHelp,
  composeMetrics,
  composePeriodComparison,
  composePlatformComparison,
  composeTopContent,
} from './compose-answer';
import { composeCampaigns, type RoiOutput } from './compose-campaigns';
import {
  composeExplanation,
  composeGrowth,
  composePosting,
  composeTour,
  type PostingOutput,
  type TourOutput,
} from './compose-insights';
import type { MetricExplanation } from '../tools/explain-metric';
import type { PlatformGrowth } from '../tools/growth';
import { composeAudience, composeForecast, composeSpikes } from './compose-trends';
import { type Period, type Preset, type ResolvedWindow } from './periods';
import { type QuestionPlan } from './understand-question';

import type { ToolCall } from './turn';

export function windowInput(
  window: ResolvedWindow | null,
  fallback: Preset,
): Record<string, unknown> {
  if (!window) return { range: fallback };
  return window.range ? { range: window.range } : { from: window.from, to: window.to };
}

const contentSortByWord: [RegExp, string][] = [
  [/\blik(e|es|ed)\b/, 'likes'],
  [/\bcomment(s|ed)?\b/, 'comments'],
  [/\bshar(e|es|ed)\b/, 'shares'],
  [/\bsav(e|es|ed)\b/, 'saves'],
];

export function contentSortOf(plan: QuestionPlan, question: string): string {
  const text = question.toLowerCase();
  const word = contentSortByWord.find(([pattern]) => pattern.test(text));
  if (word) return word[1];
  switch (plan.metric) {
    case 'watchMinutes':
      return 'watchMinutes';
    case 'followers':
      return 'followersGained';
    case 'engagementRate':
      return 'engagementRate';
    default:
      return 'views';
  }
}

export function periodLabel(period: Period | undefined, release: ContentRow | null): string | null {
  if (!period) return null;
  if (period.kind === 'since-content' && release)
    return `since ${release.title.slice(0, 60)} came out`;
  return period.label;
}

export function answerCalls(
  plan: QuestionPlan,
  question: string,
  window: Record<string, unknown>,
  windows: (ResolvedWindow | null)[],
  named: ContentRow | null,
): ToolCall[] {
  const platform = plan.platform;
  if (named) {
    return [
      {
        id: 'answer-0',
        toolName: 'get_top_content',
        input: {
          ...window,
          platform: named.platform,
          search: named.title,
          metric: 'views',
          limit: 10,
        },
      },
    ];
  }
  switch (plan.intent) {
    case 'metrics':
    case 'content':
      return [{ id: 'answer-0', toolName: 'get_metrics', input: { ...window, platform } }];
    case 'compare-periods':
      return windows.slice(0, 2).map((resolved, index) => ({
        id: `answer-${index}`,
        toolName: 'get_metrics',
        input: { ...windowInput(resolved, '28d'), platform },
      }));
    case 'compare-platforms':
    case 'growth':
      return [{ id: 'answer-0', toolName: 'get_metrics', input: { ...window, platform: 'all' } }];
    case 'posting':
      return [{ id: 'answer-0', toolName: 'get_posting_patterns', input: { ...window, platform } }];
    case 'tour':
      return [{ id: 'answer-0', toolName: 'get_tour_cities', input: {} }];
    case 'explain':
      return [
        {
          id: 'answer-0',
          toolName: 'explain_metric',
          input: { ...window, platform, metric: plan.metric ?? 'views' },
        },
      ];
    case 'top-content': {
      const count = /\btop (\d{1,2})\b/.exec(question.toLowerCase());
      return [
        {
          id: 'answer-0',
          toolName: 'get_top_content',
          input: {
            ...window,
            platform,
            metric: contentSortOf(plan, question),
            order: plan.order,
            limit: count
              ? Math.min(10, Math.max(1, Number(count[1])))
              : /\b(best|top|most)\b(?! \d)/.test(question.toLowerCase()) &&
                  /\b(which|what) (song|video|post|track)\b/.test(question.toLowerCase())
                ? 1
                : 5,
          },
        },
      ];
    }
    case 'audience':
      return [
        {
          id: 'answer-0',
          toolName: 'get_audience',
          input: { platform, ...(plan.dimension ? { dimension: plan.dimension } : {}) },
        },
      ];
    case 'spikes':
      return [{ id: 'answer-0', toolName: 'get_spikes', input: { ...window, platform } }];
    case 'forecast':
      return [
        {
          id: 'answer-0',
          toolName: 'get_milestone_forecast',
          input: { platform, ...(plan.target ? { target: plan.target } : {}) },
        },
      ];
    case 'campaign':
      return [
        {
          id: 'answer-0',
          toolName: 'get_campaign_roi',
          input: { platform, ...(plan.campaignName ? { name: plan.campaignName } : {}) },
        },
      ];
    default:
      return [];
  }
}

export function composeFor(
  plan: QuestionPlan,
  named: ContentRow | null,
  outputOf: <T>(id: string) => T,
  label: string | null,
  periods: Period[],
): string {
  if (named) {
    const output = outputOf<TopContentOutput>('answer-0');
    const item = output.items.find((row) => row.id === named.id);
    return item
      ? composeContent(item, output.window, label)
      : `${composeTopContent({ ...output, items: [] }, label)}`;
  }
  switch (plan.intent) {
    case 'metrics':
    case 'content':
      return composeMetrics(plan, outputOf<MetricsOutput>('answer-0'), label);
    case 'compare-periods':
      return composePeriodComparison(
        plan,
        periods.slice(0, 2).map((period, index) => ({
          output: outputOf<MetricsOutput>(`answer-${index}`),
          label: period.label[0]!.toUpperCase() + period.label.slice(1),
        })),
      );
    case 'compare-platforms':
      return composePlatformComparison(plan, outputOf<MetricsOutput>('answer-0'));
    case 'growth':
      return composeGrowth(
        plan,
        outputOf<MetricsOutput & { growth: PlatformGrowth[] }>('answer-0'),
      );
    case 'posting':
      return composePosting(outputOf<PostingOutput>('answer-0'));
    case 'tour':
      return composeTour(outputOf<TourOutput>('answer-0'));
    case 'explain':
      return composeExplanation(outputOf<MetricExplanation>('answer-0'), null);
    case 'top-content':
      return composeTopContent(outputOf<TopContentOutput>('answer-0'), label);
    case 'audience':
      return composeAudience(plan, outputOf<AudienceOutput>('answer-0'));
    case 'spikes':
      return composeSpikes(outputOf<SpikesOutput>('answer-0'), label);
    case 'forecast':
      return composeForecast(plan, outputOf<ForecastOutput>('answer-0'));
    case 'campaign':
      return composeCampaigns(plan, outputOf<RoiOutput>('answer-0'));
    default:
      return composeHelp();
  }
}

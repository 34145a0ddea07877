import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { ContentRow } from '@crescendo/contracts';
import type {
  AudienceOutput,
  ForecastOutput,
  FreshnessOutput,
  MetricsOutput,
  SpikesOutput,
  TopContentOutput,
} from './answer-outputs';
import {
  composeCannotAnswer,
  composeContent,
  composeHelp,
  composeMetrics,
  composeOthersData,
  composePeriodComparison,
  composePlatformComparison,
  composeTopContent,
} from './compose-answer';
import { composeCampaigns, type RoiOutput } from './compose-campaigns';
import {
  composeAudience,
  composeForecast,
  composeFreshness,
  composeSpikes,
} from './compose-trends';
import { findContent, latestRelease } from './find-content';
import { resolvePeriod, type Period, type Preset, type ResolvedWindow } from './periods';
import { understandQuestion, type QuestionPlan } from './understand-question';

type ToolCall = { id: string; toolName: string; input: Record<string, unknown> };
type ToolRecord = ToolCall & { output: unknown; isError: boolean };
type Step = { kind: 'tools'; calls: ToolCall[] } | { kind: 'text'; text: string };

const defaultRange: Partial<Record<QuestionPlan['intent'], Preset>> = {
  spikes: '90d',
  content: 'all',
};

/** The turn so far: the last user question and the tool results that followed it. */
function readTurn(prompt: LanguageModelV3Prompt): {
  question: string;
  records: Map<string, ToolRecord>;
} {
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  const question =
    lastUser < 0
      ? ''
      : (prompt[lastUser]!.content as { type: string; text?: string }[])
          .map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
          .join(' ')
          .trim();
  const records = new Map<string, ToolRecord>();
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'tool-call') {
          records.set(part.toolCallId, {
            id: part.toolCallId,
            toolName: part.toolName,
            input: (part.input ?? {}) as Record<string, unknown>,
            output: null,
            isError: true,
          });
        }
      }
    }
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const record = records.get(part.toolCallId);
        if (!record) continue;
        record.isError = part.output.type !== 'json' && part.output.type !== 'text';
        record.output = part.output.type === 'json' ? part.output.value : null;
      }
    }
  }
  return { question, records };
}

function windowInput(window: ResolvedWindow | null, fallback: Preset): Record<string, unknown> {
  if (!window) return { range: fallback };
  return window.range ? { range: window.range } : { from: window.from, to: window.to };
}

const contentSortByWord: [RegExp, string][] = [
  [/\blik(e|es|ed)\b/, 'likes'],
  [/\bcomment(s|ed)?\b/, 'comments'],
  [/\bshar(e|es|ed)\b/, 'shares'],
  [/\bsav(e|es|ed)\b/, 'saves'],
];

function contentSortOf(plan: QuestionPlan, question: string): string {
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

/**
 * Decides the next step of a turn from the question and the results so far: first what it needs to
 * pin the window down (the last complete day, the catalogue), then the tools that answer, then the
 * answer itself, written only from those results.
 */
export function decideStep(prompt: LanguageModelV3Prompt, today: string): Step {
  const { question, records } = readTurn(prompt);
  const plan = understandQuestion(question, today);
  if (plan.intent === 'others-data') return { kind: 'text', text: composeOthersData() };
  if (plan.intent === 'help') return { kind: 'text', text: composeHelp() };
  if (plan.intent === 'unknown') {
    return {
      kind: 'text',
      text: composeCannotAnswer('I could not tell which of your numbers that question is about.'),
    };
  }

  const needsAnchor = plan.periods.some((period) => period.kind !== 'preset');
  const needsCatalogue =
    plan.mayNameContent || plan.periods.some((period) => period.kind === 'since-content');
  const firstCalls: ToolCall[] = [];
  if (needsAnchor || plan.intent === 'freshness')
    firstCalls.push({ id: 'anchor', toolName: 'get_data_freshness', input: {} });
  if (needsCatalogue)
    firstCalls.push({
      id: 'catalogue',
      toolName: 'get_top_content',
      input: {
        range: 'all',
        platform: plan.platform,
        metric: 'publishedAt',
        order: 'desc',
        limit: 100,
      },
    });
  if (firstCalls.some((call) => !records.has(call.id))) return { kind: 'tools', calls: firstCalls };
  const failed = [...records.values()].find((record) => record.isError);
  if (failed) {
    return {
      kind: 'text',
      text: 'I could not read your numbers just now. Your question is saved: try again in a moment.',
    };
  }

  const freshness = records.get('anchor')?.output as FreshnessOutput | undefined;
  if (plan.intent === 'freshness') return { kind: 'text', text: composeFreshness(freshness!) };
  const catalogue = (records.get('catalogue')?.output as TopContentOutput | undefined)?.items ?? [];
  const named = needsCatalogue ? findContent(question, catalogue) : null;
  const anchor = freshness?.lastCompleteDay ?? null;
  if (needsAnchor && !anchor) return { kind: 'text', text: composeFreshness(freshness!) };

  const sincePeriod = plan.periods.find((period) => period.kind === 'since-content');
  const release =
    sincePeriod?.kind === 'since-content'
      ? latestRelease(sincePeriod.hint, catalogue, question)
      : null;
  if (sincePeriod && !release) {
    return {
      kind: 'text',
      text: composeCannotAnswer(
        'I could not find that release among your videos and posts. Name it as it is titled, or ask for a period such as “the last 90 days”.',
      ),
    };
  }
  const windows = plan.periods.map((period) =>
    resolvePeriod(period, anchor ?? '', release ? release.publishedAt.slice(0, 10) : null),
  );
  const fallback = defaultRange[plan.intent] ?? '28d';
  const window = windowInput(
    windows[0] ?? null,
    named && plan.periods.length === 0 ? 'all' : fallback,
  );

  const calls = answerCalls(plan, question, window, windows, named);
  if (calls.some((call) => !records.has(call.id))) return { kind: 'tools', calls };
  const outputOf = <T>(id: string) => records.get(id)!.output as T;
  const label = periodLabel(plan.periods[0], release);
  return { kind: 'text', text: composeFor(plan, named, outputOf, label, plan.periods) };
}

function periodLabel(period: Period | undefined, release: ContentRow | null): string | null {
  if (!period) return null;
  if (period.kind === 'since-content' && release)
    return `since ${release.title.slice(0, 60)} came out`;
  return period.label;
}

function answerCalls(
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
      return [{ id: 'answer-0', toolName: 'get_metrics', input: { ...window, platform: 'all' } }];
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

function composeFor(
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

const usage: LanguageModelV3Usage = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** Splits an answer into sentence-sized pieces, so the web shows it as it is written. */
function chunksOf(text: string): string[] {
  return text.match(/[^\n.!?]*(?:[.!?]+|\n+|$)/g)?.filter(Boolean) ?? [text];
}

/**
 * The built-in analyst as an AI SDK language model: offline and deterministic, it goes through the
 * same pipeline (tool calls, step limit, streaming) as any OpenAI-compatible model.
 */
export function createBuiltInAnalyst(options: { now: () => Date }): LanguageModelV3 {
  const step = (call: LanguageModelV3CallOptions) =>
    decideStep(call.prompt, options.now().toISOString().slice(0, 10));
  const toolCallsOf = (calls: ToolCall[]) =>
    calls.map((call) => ({
      type: 'tool-call' as const,
      toolCallId: call.id,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    }));
  return {
    specificationVersion: 'v3',
    provider: 'crescendo',
    modelId: 'built-in-analyst',
    supportedUrls: {},
    async doGenerate(call) {
      const next = step(call);
      const content: LanguageModelV3Content[] =
        next.kind === 'tools' ? toolCallsOf(next.calls) : [{ type: 'text', text: next.text }];
      return {
        content,
        finishReason: { unified: next.kind === 'tools' ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
    async doStream(call) {
      const next = step(call);
      const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (next.kind === 'tools') {
        parts.push(...toolCallsOf(next.calls));
      } else {
        parts.push({ type: 'text-start', id: 'answer' });
        for (const chunk of chunksOf(next.text))
          parts.push({ type: 'text-delta', id: 'answer', delta: chunk });
        parts.push({ type: 'text-end', id: 'answer' });
      }
      parts.push({
        type: 'finish',
        usage,
        finishReason: { unified: next.kind === 'tools' ? 'tool-calls' : 'stop', raw: undefined },
      });
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

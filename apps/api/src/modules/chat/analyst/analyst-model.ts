import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { FreshnessOutput, TopContentOutput } from './answer-outputs';
import { composeCannotAnswer, composeHelp, composeOthersData } from './compose-answer';
import { composeFreshness } from './compose-trends';
import { findContent, latestRelease } from './find-content';
import { resolvePeriod, type Preset } from './periods';
import { understandQuestion, type QuestionPlan } from './understand-question';

import { answerCalls, composeFor, periodLabel, windowInput } from './answer-plan';
import { decideRevenueStep } from './revenue-step';
import { readTurn, type Step, type ToolCall } from './turn';

const defaultRange: Partial<Record<QuestionPlan['intent'], Preset>> = {
  spikes: '90d',
  content: 'all',
  posting: '90d',
};

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

  if (plan.intent === 'revenue') return decideRevenueStep(plan, records, today);

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
    // "Explain this" names the card's own days: the dashboard clips them as the card did.
    plan.intent === 'explain' && period.kind === 'days' && period.to && !period.from.startsWith('-')
      ? { from: period.from, to: period.to }
      : resolvePeriod(period, anchor ?? '', release ? release.publishedAt.slice(0, 10) : null),
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
